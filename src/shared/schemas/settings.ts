import { type Static, Type } from '@sinclair/typebox';
import { NORMALISATION_MODES } from '../enums.ts';
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
  /** How the players level songs: off, track gain, or album gain in album context (auto). */
  normalisation: oneOf(NORMALISATION_MODES),
  /** Read-only: where the loudness measurement stands, with the failed songs' reasons (the first 50). */
  loudness: Type.Object({
    measured: Type.Number(),
    pending: Type.Number(),
    failed: Type.Number(),
    failures: Type.Array(Type.Object({ id: Type.Number(), title: Type.String(), reason: Type.String() })),
  }),
});
export type SettingsDto = Static<typeof settingsSchema>;

const problem = `Settings accept registrationOpen (true or false) and defaultShareExpiry (one of ${SHARE_EXPIRIES.join(', ')})`;

/** `PATCH /api/settings` (admins): any of the settings. */
export const settingsBody = Type.Object(
  {
    registrationOpen: Type.Optional(Type.Boolean({ error: problem })),
    // Literals, not a UnionEnum: Elysia fills an absent UnionEnum with its first value, so
    // saving registrationOpen alone would reset the expiry to never.
    defaultShareExpiry: Type.Optional(Type.Union(SHARE_EXPIRIES.map((value) => Type.Literal(value)), { error: problem })),
    normalisation: Type.Optional(Type.Union(NORMALISATION_MODES.map((value) => Type.Literal(value)), { error: `Normalisation is one of ${NORMALISATION_MODES.join(', ')}` })),
  },
  { additionalProperties: false, error: problem },
);
export type SettingsChanges = Static<typeof settingsBody>;
