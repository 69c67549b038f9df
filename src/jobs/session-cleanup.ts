import { deleteExpiredSessions } from '../../db/queries/sessions.ts';
import type { Job } from './job.ts';

/** Removes session rows past their expiry so the table doesn't grow forever. */
export const sessionCleanupJob: Job = {
  name: 'session-cleanup',
  everyMs: 60 * 60 * 1000,
  run({ db, now, log }) {
    const removed = deleteExpiredSessions(db, new Date(now()));
    if (removed > 0) log.debug(`Removed ${removed} expired sessions`);
  },
};
