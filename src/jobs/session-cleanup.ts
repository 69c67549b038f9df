import { deleteExpiredRateLimits } from '../../db/queries/rate-limits.ts';
import { deleteExpiredSessions } from '../../db/queries/sessions.ts';
import type { Job } from './job.ts';

/** Removes session rows past their expiry, and attempt counters past theirs, so neither table grows forever. */
export const sessionCleanupJob: Job = {
  name: 'session-cleanup',
  everyMs: 60 * 60 * 1000,
  run({ db, now, log }) {
    const removed = deleteExpiredSessions(db, new Date(now()));
    if (removed > 0) log.debug(`Removed ${removed} expired sessions`);
    const forgotten = deleteExpiredRateLimits(db, now());
    if (forgotten > 0) log.debug(`Forgot ${forgotten} expired attempt counters`);
  },
};
