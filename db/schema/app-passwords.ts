import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

/**
 * Per-user passwords for phone apps (the Subsonic API), never the web password. The secret is
 * kept encrypted (AES-256-GCM, key derived from DATA_DIR/secret.key) because the Subsonic token
 * scheme `t = md5(password + salt)` needs it in clear to check; `api_key_hash` (sha256 of the
 * secret) finds it for OpenSubsonic API-key sign-in without decrypting every row.
 */
export const appPasswords = sqliteTable(
  'app_passwords',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    secretEncrypted: text('secret_encrypted').notNull(),
    apiKeyHash: text('api_key_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: integer('last_used_at', { mode: 'timestamp_ms' }),
  },
  (table) => [index('app_passwords_user_idx').on(table.userId), uniqueIndex('app_passwords_api_key_unique').on(table.apiKeyHash)],
);

export type AppPasswordRow = typeof appPasswords.$inferSelect;
