import { type Static, Type } from '@sinclair/typebox';
import { DISPLAY_PREFERENCES } from '../enums.ts';
import { oneOf } from './common.ts';

/** The signed-in user as `GET /api/user`, login and register return it. */
export const userSchema = Type.Object({
  id: Type.Number(),
  username: Type.String(),
  isAdmin: Type.Boolean(),
  displayPreference: oneOf(DISPLAY_PREFERENCES),
});
export type UserDto = Static<typeof userSchema>;
