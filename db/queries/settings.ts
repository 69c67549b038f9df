import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { settings } from '../schema/index.ts';

/** Every instance setting with its default; stored rows override these. */
export const SETTING_DEFAULTS = {
  registrationOpen: false,
  // One of never, 1day, 3days, 1week, 30days (checked by the settings service and route).
  defaultShareExpiry: 'never' as string,
  // One of off, track, auto (src/shared/enums.ts).
  normalisation: 'auto' as string,
};
export type Settings = typeof SETTING_DEFAULTS;

export function readSettings(db: Db): Settings {
  const result: Settings = { ...SETTING_DEFAULTS };
  for (const row of db.select().from(settings).all()) {
    if (row.key in result) (result as Record<string, unknown>)[row.key] = row.value;
  }
  return result;
}

export function writeSettings(db: Db, changes: Partial<Settings>): Settings {
  db.transaction((tx) => {
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined) continue;
      tx.insert(settings)
        .values({ key, value })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } })
        .run();
    }
  });
  return readSettings(db);
}

export function readSetting<K extends keyof Settings>(db: Db, key: K): Settings[K] {
  const row = db.select().from(settings).where(eq(settings.key, key)).get();
  return row ? (row.value as Settings[K]) : SETTING_DEFAULTS[key];
}
