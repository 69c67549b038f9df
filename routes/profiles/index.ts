import { Elysia } from 'elysia';
import type { AppContext } from '../../src/app-context.ts';
import { publicJsonBody } from '../../src/http/auth-plugin.ts';
import { PinThrottle } from '../../src/services/accounts/profile-pins.ts';
import { chooseProfile, heldProfiles, toProfileDto } from '../../src/services/accounts/profiles.ts';
import { toUserDto } from '../../src/services/accounts/user-dto.ts';
import { profileListSchema, profileSwitchBody } from '../../src/shared/schemas/profiles.ts';
import { userSchema } from '../../src/shared/schemas/user.ts';

/**
 * `/api/profiles`: the "Who's listening?" picker of a shared device. Open without an active
 * session (a profile that signed out leaves the others held); the signed `hearth_profiles`
 * cookie says which sessions this browser holds, and only those can be switched to.
 */
export function profileRoutes(ctx: AppContext) {
  const pins = new PinThrottle(ctx.db);

  return new Elysia({ name: 'profile-routes', prefix: '/api/profiles' })
    .use(ctx.auth)
    .get(
      '',
      async ({ currentSession, heldSessions, holdSessions }) => {
        const live = await currentSession();
        // A session signed in before profiles existed is held from its first look here.
        const ids = [...heldSessions(), ...(live ? [live.session.id] : [])];
        const held = heldProfiles(ctx.db, ids, ctx.now());
        if (held.length > 0 || ids.length > 0) holdSessions(held.map((profile) => profile.session.id));
        return held.map((profile) => toProfileDto(profile, live?.user.id ?? null));
      },
      { response: profileListSchema },
    )
    .post(
      '/switch',
      async ({ body, currentSession, heldSessions, activate }) => {
        const live = await currentSession();
        const held = [...heldSessions(), ...(live ? [live.session.id] : [])];
        const input = { held, currentSessionId: live?.session.id ?? null, userId: body.userId, pin: body.pin };
        const chosen = await chooseProfile(ctx.db, input, pins, ctx.now());
        await activate(chosen.session.id, chosen.session.expiresAt);
        return toUserDto(chosen.user);
      },
      { parse: publicJsonBody, body: profileSwitchBody, response: userSchema },
    );
}
