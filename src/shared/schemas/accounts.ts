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

const newUserProblem = 'Send a username, a password and optionally isAdmin (true or false)';
const changeProblem = 'Send a new password and/or isAdmin (true or false)';

/** `POST /api/users` (admins). */
export const newUserBody = Type.Object(
  {
    username: Type.String({ maxLength: 1024, error: newUserProblem }),
    password: Type.String({ maxLength: 1024, error: newUserProblem }),
    isAdmin: Type.Optional(Type.Boolean({ error: newUserProblem })),
  },
  { additionalProperties: false, error: newUserProblem },
);
export type NewAccount = Static<typeof newUserBody>;

/** `PATCH /api/users/:id` (admins): a new password, a changed admin flag, or both. */
export const userChangesBody = Type.Object(
  {
    password: Type.Optional(Type.String({ maxLength: 1024, error: changeProblem })),
    isAdmin: Type.Optional(Type.Boolean({ error: changeProblem })),
  },
  { additionalProperties: false, error: changeProblem },
);
export type AccountChanges = Static<typeof userChangesBody>;

export const userIdParams = Type.Object({ id: Type.String({ maxLength: 20 }) });
