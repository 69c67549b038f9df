import type { Job } from './job.ts';
import { sessionCleanupJob } from './session-cleanup.ts';

/** Every job main.ts starts. The trash purge joins this list with the catalogue. */
export const JOBS: Job[] = [sessionCleanupJob];
