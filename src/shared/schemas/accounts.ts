import { type Static, Type } from '@sinclair/typebox';

/** A family account as Settings lists it (`/api/users`): never a password hash. */
export const accountSchema = Type.Object({
  id: Type.Number(),
  username: Type.String(),
  isAdmin: Type.Boolean(),
  createdAt: Type.String(),
  /** Playlists (live or in the trash) that are removed with the account. */
  playlistCount: Type.Number(),
});
export type AccountDto = Static<typeof accountSchema>;

export const accountListSchema = Type.Array(accountSchema);
