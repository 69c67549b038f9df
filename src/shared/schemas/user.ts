import { type Static, Type } from '@sinclair/typebox';
import { DISPLAY_PREFERENCES } from '../enums.ts';
import { oneOf, unionEnum } from './common.ts';

/** The signed-in user as `GET /api/user`, login and register return it. */
export const userSchema = Type.Object({
  id: Type.Number(),
  username: Type.String(),
  isAdmin: Type.Boolean(),
  displayPreference: oneOf(DISPLAY_PREFERENCES),
});
export type UserDto = Static<typeof userSchema>;

// Elysia reports the `error` of the property that failed, so each property carries one.
const required = 'Username and password are required';

/** `POST /api/login` and `POST /api/register`. */
export const credentialsBody = Type.Object(
  {
    username: Type.String({ maxLength: 1024, error: required }),
    password: Type.String({ maxLength: 1024, error: required }),
  },
  { error: required },
);
export type Credentials = Static<typeof credentialsBody>;

const displayProblem = `displayPreference must be one of ${DISPLAY_PREFERENCES.join(', ')}`;

/** `PATCH /api/user/display-preference`. */
export const displayPreferenceBody = Type.Object(
  { displayPreference: unionEnum(DISPLAY_PREFERENCES, { error: displayProblem }) },
  { error: displayProblem },
);
export type DisplayPreferenceChange = Static<typeof displayPreferenceBody>;

const passwordChangeProblem = 'Send your current password and a new password';

/** `PATCH /api/user/password`: the signed-in user's own password. */
export const passwordChangeBody = Type.Object(
  {
    currentPassword: Type.String({ maxLength: 1024, error: passwordChangeProblem }),
    newPassword: Type.String({ maxLength: 1024, error: passwordChangeProblem }),
  },
  { additionalProperties: false, error: passwordChangeProblem },
);
export type PasswordChange = Static<typeof passwordChangeBody>;
