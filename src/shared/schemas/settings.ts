import { type Static, Type } from '@sinclair/typebox';
import { SHARE_EXPIRIES } from '../share-expiry.ts';
import { oneOf } from './common.ts';

/**
 * Instance settings (admins): whether self-registration is open, the admins' default link
 * expiry for temporary shares, and (read-only) the guests' share quota in use and whether
 * ffmpeg was found for phone apps' transcoding.
 */
export const settingsSchema = Type.Object({
  registrationOpen: Type.Boolean(),
  defaultShareExpiry: oneOf(SHARE_EXPIRIES),
  guestQuota: Type.Object({ usedBytes: Type.Number(), limitBytes: Type.Number() }),
  /** Read-only: the ffmpeg version found at start (phone apps' transcoding), or null. */
  ffmpegVersion: Type.Union([Type.String(), Type.Null()]),
});
export type SettingsDto = Static<typeof settingsSchema>;
