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

const problem = `Settings accept registrationOpen (true or false) and defaultShareExpiry (one of ${SHARE_EXPIRIES.join(', ')})`;

/** `PATCH /api/settings` (admins): either setting or both. */
export const settingsBody = Type.Object(
  {
    registrationOpen: Type.Optional(Type.Boolean({ error: problem })),
    // Literals, not a UnionEnum: Elysia fills an absent UnionEnum with its first value, so
    // saving registrationOpen alone would reset the expiry to never.
    defaultShareExpiry: Type.Optional(Type.Union(SHARE_EXPIRIES.map((value) => Type.Literal(value)), { error: problem })),
  },
  { additionalProperties: false, error: problem },
);
export type SettingsChanges = Static<typeof settingsBody>;
