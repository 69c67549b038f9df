import { type Static, Type } from '@sinclair/typebox';

/** What a member may hear: Clean hides explicit songs; `albumIds` (when not null) only those albums' songs. */
export const restrictionsSchema = Type.Object({
  clean: Type.Boolean(),
  albumIds: Type.Union([Type.Array(Type.Number()), Type.Null()]),
});
export type Restrictions = Static<typeof restrictionsSchema>;

/** A family account as Settings lists it (`/api/users`): never a password hash. */
export const accountSchema = Type.Object({
  id: Type.Number(),
  username: Type.String(),
  isAdmin: Type.Boolean(),
  createdAt: Type.String(),
  /** Playlists (live or in the trash) that are removed with the account. */
  playlistCount: Type.Number(),
  restrictions: restrictionsSchema,
});
export type AccountDto = Static<typeof accountSchema>;

export const accountListSchema = Type.Array(accountSchema);

const newUserProblem = 'Send a username, a password and optionally isAdmin (true or false)';
const changeProblem = 'Send a new password, isAdmin (true or false) and/or restrictions';
const restrictionsProblem = 'restrictions must be { "clean": true or false, "albumIds": a list of album ids or null }';
export const MAX_ALLOWED_ALBUMS = 5000;

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

/** `PATCH /api/users/:id` (admins): a new password, a changed admin flag, restrictions, or several. */
export const userChangesBody = Type.Object(
  {
    password: Type.Optional(Type.String({ maxLength: 1024, error: changeProblem })),
    isAdmin: Type.Optional(Type.Boolean({ error: changeProblem })),
    restrictions: Type.Optional(
      Type.Object(
        {
          clean: Type.Boolean({ error: restrictionsProblem }),
          albumIds: Type.Union([Type.Array(Type.Integer({ minimum: 1, error: restrictionsProblem }), { maxItems: MAX_ALLOWED_ALBUMS, error: restrictionsProblem }), Type.Null()], {
            error: restrictionsProblem,
          }),
        },
        { additionalProperties: false, error: restrictionsProblem },
      ),
    ),
  },
  { additionalProperties: false, error: changeProblem },
);
export type AccountChanges = Static<typeof userChangesBody>;

export const userIdParams = Type.Object({ id: Type.String({ maxLength: 20 }) });
