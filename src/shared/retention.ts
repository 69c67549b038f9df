/** What is deleted stays restorable for 7 days, then the purge removes it. */
export const RETENTION_DAYS = 7;
export const DAY_MS = 24 * 60 * 60 * 1000;

/** 7 minus whole days elapsed since deletion, at least 0 (and at most 7 for a clock behind). */
export function daysRemaining(deletedAt: Date | string, now: number): number {
  const deleted = typeof deletedAt === 'string' ? Date.parse(deletedAt) : deletedAt.getTime();
  const elapsed = Math.floor(Math.max(0, now - deleted) / DAY_MS);
  return Math.max(0, RETENTION_DAYS - elapsed);
}

/** "1 day remaining", "5 days remaining". */
export const daysRemainingText = (days: number) => `${days} ${days === 1 ? 'day' : 'days'} remaining`;
