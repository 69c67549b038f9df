import type { Job } from './job.ts';
import { createPurgeJob } from './purge.ts';
import { sessionCleanupJob } from './session-cleanup.ts';

/** The trash purge; media clean-up joins as a hook: createPurgeJob([collectOrphanMedia]). */
export const purgeJob = createPurgeJob();

/** Every job main.ts starts. */
export const JOBS: Job[] = [sessionCleanupJob, purgeJob];
