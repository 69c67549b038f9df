import { type Static, Type } from '@sinclair/typebox';

/** One profile this browser holds, as the "Who's listening?" picker shows it. */
export const profileSchema = Type.Object({
  id: Type.Number(),
  username: Type.String(),
  /** What switching to it asks: a grown-up's PIN, nothing for a child, or a password sign-in. */
  needs: Type.Union([Type.Literal('pin'), Type.Literal('nothing'), Type.Literal('password')]),
  current: Type.Boolean(),
});
export type ProfileDto = Static<typeof profileSchema>;

/** `GET /api/profiles`. */
export const profileListSchema = Type.Array(profileSchema);
export type ProfileList = Static<typeof profileListSchema>;

const switchProblem = 'Send the profile to switch to';

/** `POST /api/profiles/switch`. */
export const profileSwitchBody = Type.Object(
  {
    userId: Type.Integer({ minimum: 1, error: switchProblem }),
    pin: Type.Optional(Type.String({ maxLength: 16, error: 'A PIN is 4 to 6 digits' })),
  },
  { additionalProperties: false, error: switchProblem },
);
export type ProfileSwitch = Static<typeof profileSwitchBody>;

const pinProblem = 'Send your password and a PIN of 4 to 6 digits';

/** `PUT /api/user/pin`: a PIN sets it, null clears it; either needs the password. */
export const pinChangeBody = Type.Object(
  {
    password: Type.String({ maxLength: 1024, error: pinProblem }),
    pin: Type.Union([Type.String({ maxLength: 16 }), Type.Null()], { error: pinProblem }),
  },
  { additionalProperties: false, error: pinProblem },
);
export type PinChange = Static<typeof pinChangeBody>;

/** `GET /api/user/pin`: whether the signed-in member has a PIN. */
export const pinStateSchema = Type.Object({ set: Type.Boolean() });
export type PinState = Static<typeof pinStateSchema>;
