import type { Db } from '../../../db/client.ts';
import { type Settings, readSetting, readSettings, writeSettings } from '../../../db/queries/settings.ts';
import { anonymousBytes } from '../../../db/queries/temp-shares.ts';
import { ForbiddenError } from '../../errors.ts';
import { type ShareExpiry, isShareExpiry } from '../../shared/share-expiry.ts';
import type { SettingsDto } from '../../shared/types.ts';

export type SettingsChanges = Partial<Pick<SettingsDto, 'registrationOpen' | 'defaultShareExpiry'>>;

/** A stored value that is not a choice any more (a hand-edited database) reads as the default. */
function expiryOf(settings: Settings): ShareExpiry {
  return isShareExpiry(settings.defaultShareExpiry) ? settings.defaultShareExpiry : 'never';
}

function toDto(db: Db, settings: Settings, guestQuotaBytes: number): SettingsDto {
  return {
    registrationOpen: settings.registrationOpen === true,
    defaultShareExpiry: expiryOf(settings),
    guestQuota: { usedBytes: anonymousBytes(db), limitBytes: guestQuotaBytes },
  };
}

/** Instance settings (admin only): every setting with its default, and the guests' quota in use. */
export function getSettings(db: Db, guestQuotaBytes: number): SettingsDto {
  return toDto(db, readSettings(db), guestQuotaBytes);
}

/** Applies the given changes and answers the settings as they now are. */
export function updateSettings(db: Db, changes: SettingsChanges, guestQuotaBytes: number): SettingsDto {
  return toDto(db, writeSettings(db, changes), guestQuotaBytes);
}

/** Read by the login and share pages, which render for guests too. */
export const isRegistrationOpen = (db: Db): boolean => readSetting(db, 'registrationOpen') === true;

/** The admins' preselected Link Expiration on the Share Audio page. */
export function defaultShareExpiry(db: Db): ShareExpiry {
  const value = readSetting(db, 'defaultShareExpiry');
  return isShareExpiry(value) ? value : 'never';
}

/** Self-registration stays closed until an admin opens it (design §4). */
export function assertRegistrationOpen(db: Db): void {
  if (!isRegistrationOpen(db)) {
    throw new ForbiddenError('Registration is closed. Ask an admin of this Hearth for an account.');
  }
}
