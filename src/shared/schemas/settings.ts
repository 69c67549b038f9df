import { type Static, Type } from '@sinclair/typebox';
import { SHARE_EXPIRIES } from '../share-expiry.ts';
import { oneOf } from './common.ts';

/**
 * Instance settings (admins): whether self-registration is open, the admins' default link
 * expiry for temporary shares, and (read-only) the guests' share quota in use.
 */
export const settingsSchema = Type.Object({
  registrationOpen: Type.Boolean(),
  defaultShareExpiry: oneOf(SHARE_EXPIRIES),
  guestQuota: Type.Object({ usedBytes: Type.Number(), limitBytes: Type.Number() }),
});
export type SettingsDto = Static<typeof settingsSchema>;
