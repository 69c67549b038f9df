import type { Db } from '../../../db/client.ts';
import { type Settings, readSetting, readSettings, writeSettings } from '../../../db/queries/settings.ts';
import { ForbiddenError } from '../../errors.ts';

export type { Settings };

/** Instance settings (admin only): every setting with its default filled in. */
export function getSettings(db: Db): Settings {
  return readSettings(db);
}

/** Applies the given changes and answers the settings as they now are. */
export function updateSettings(db: Db, changes: Partial<Settings>): Settings {
  return writeSettings(db, changes);
}

/** Self-registration stays closed until an admin opens it (design §4). */
export function assertRegistrationOpen(db: Db): void {
  if (!readSetting(db, 'registrationOpen')) {
    throw new ForbiddenError('Registration is closed. Ask an admin of this Hearth for an account.');
  }
}
