import type { Db } from '../../../db/client.ts';
import { type Settings, readSetting, readSettings, writeSettings } from '../../../db/queries/settings.ts';
import { loudnessProgress } from '../../../db/queries/loudness.ts';
import { anonymousBytes } from '../../../db/queries/temp-shares.ts';
import { NORMALISATION_MODES, type NormalisationMode } from '../../shared/enums.ts';
import { ForbiddenError } from '../../errors.ts';
import { type ShareExpiry, isShareExpiry } from '../../shared/share-expiry.ts';
import type { SettingsChanges } from '../../shared/schemas/settings.ts';
import type { SettingsDto } from '../../shared/types.ts';


/** A stored value that is not a choice any more (a hand-edited database) reads as the default. */
function expiryOf(settings: Settings): ShareExpiry {
  return isShareExpiry(settings.defaultShareExpiry) ? settings.defaultShareExpiry : 'never';
}

const normalisationOf = (value: unknown): NormalisationMode => (NORMALISATION_MODES.includes(value as NormalisationMode) ? (value as NormalisationMode) : 'auto');

/** The family's normalisation, read by the player's pages (members and guests alike). */
export const normalisationMode = (db: Db): NormalisationMode => normalisationOf(readSetting(db, 'normalisation'));

/** What the instance reports beside the stored settings. */
export interface InstanceFacts {
  guestQuotaBytes: number;
  /** The ffmpeg version found at start, or null when there is none. */
  ffmpegVersion: string | null;
}

function toDto(db: Db, settings: Settings, facts: InstanceFacts): SettingsDto {
  return {
    registrationOpen: settings.registrationOpen === true,
    defaultShareExpiry: expiryOf(settings),
    guestQuota: { usedBytes: anonymousBytes(db), limitBytes: facts.guestQuotaBytes },
    ffmpegVersion: facts.ffmpegVersion,
    normalisation: normalisationOf(settings.normalisation),
    loudness: loudnessProgress(db),
  };
}

/** Instance settings (admin only): every setting with its default, the guests' quota in use, ffmpeg. */
export function getSettings(db: Db, facts: InstanceFacts): SettingsDto {
  return toDto(db, readSettings(db), facts);
}

/** Applies the given changes and answers the settings as they now are. */
export function updateSettings(db: Db, changes: SettingsChanges, facts: InstanceFacts): SettingsDto {
  return toDto(db, writeSettings(db, changes), facts);
}

/** Read by the login and share pages, which render for guests too. */
export const isRegistrationOpen = (db: Db): boolean => readSetting(db, 'registrationOpen') === true;

/** The admins' preselected Link Expiration on the Share Audio page. */
export function defaultShareExpiry(db: Db): ShareExpiry {
  const value = readSetting(db, 'defaultShareExpiry');
  return isShareExpiry(value) ? value : 'never';
}

/** Self-registration stays closed until an admin opens it (docs/architecture.md). */
export function assertRegistrationOpen(db: Db): void {
  if (!isRegistrationOpen(db)) {
    throw new ForbiddenError('Registration is closed. Ask an admin of this Hearth for an account.');
  }
}
