import { mediaPurgeHook } from '../services/media/gc.ts';
import type { Job } from './job.ts';
import { loudnessJob } from './loudness.ts';
import { createPurgeJob } from './purge.ts';
import { sessionCleanupJob } from './session-cleanup.ts';

/** The trash purge, then media clean-up (expired temporary shares, unreferenced files). */
export const purgeJob = createPurgeJob([mediaPurgeHook]);

/** Every job main.ts starts. */
export const JOBS: Job[] = [sessionCleanupJob, purgeJob, loudnessJob];
