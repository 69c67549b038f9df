import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Attempt counters (login back-off, registrations, guests' temporary shares), kept in SQLite
 * so a restart does not hand an attacker a fresh allowance. Times are epoch milliseconds.
 */
export const rateLimits = sqliteTable(
  'rate_limits',
  {
    // "<scope>:<subject>", e.g. "login-user:mum" or "login-ip:203.0.113.7".
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    // No attempt is allowed before this time (0: none blocked).
    blockedUntil: integer('blocked_until').notNull().default(0),
    // The row is forgotten at this time: the end of a fixed window, or long after the last failure.
    resetAt: integer('reset_at').notNull(),
  },
  (table) => [index('rate_limits_reset_idx').on(table.resetAt)],
);

export type RateLimitRow = typeof rateLimits.$inferSelect;
