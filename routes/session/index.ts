import { Elysia } from 'elysia';
import type { AppContext } from '../../src/app-context.ts';
import { UnauthorizedError } from '../../src/errors.ts';
import { publicJsonBody } from '../../src/http/auth-plugin.ts';
import { clientIp } from '../../src/http/client-ip.ts';
import { LoginThrottle } from '../../src/services/accounts/login-throttle.ts';
import { changeOwnPassword } from '../../src/services/accounts/own-password.ts';
import { changeOwnPin, checkPinChange } from '../../src/services/accounts/profile-pins.ts';
import { endSession, startSession } from '../../src/services/accounts/sessions.ts';
import { toUserDto } from '../../src/services/accounts/user-dto.ts';
import { assertCredentialsShape, authenticate, changeDisplayPreference, createUser } from '../../src/services/accounts/users.ts';
import { assertRegistrationOpen } from '../../src/services/settings/settings.ts';
import { pinChangeBody, pinStateSchema } from '../../src/shared/schemas/profiles.ts';
import { credentialsBody, displayPreferenceBody, passwordChangeBody, userSchema as userResponse } from '../../src/shared/schemas/user.ts';

/**
 * The session, under `/api`: login, register, logout, and `/api/user` (who is signed in, their
 * display preference, their own password and profile PIN). Each path is its own one-route resource, so the prefix is `/api` itself.
 */
export function sessionRoutes(ctx: AppContext) {
  const throttle = new LoginThrottle(ctx.db, ctx.secret);

  return new Elysia({ name: 'session-routes', prefix: '/api' })
    .use(ctx.auth)
    .get('/user', ({ user }) => toUserDto(user), { auth: true, response: userResponse })
    .post(
      '/login',
      async ({ body, request, server, signIn, deviceCookie, rememberDevice }) => {
        assertCredentialsShape(body.username.trim(), body.password);
        const ip = clientIp(request, server, ctx.config.trustProxy);
        // Counted before the (slow) check, so parallel attempts cannot outrun the limits.
        const reservation = throttle.reserve({ ip, username: body.username, deviceCookie: deviceCookie() }, ctx.now());
        const user = await authenticate(ctx.db, body.username, body.password);
        if (!user) throw new UnauthorizedError('Invalid username or password');
        const now = ctx.now();
        rememberDevice(throttle.succeeded(reservation, now));
        await signIn(startSession(ctx.db, user.id, now).id);
        return toUserDto(user);
      },
      { parse: publicJsonBody, body: credentialsBody, response: userResponse },
    )
    .post(
      '/register',
      async ({ body, request, server, signIn }) => {
        assertRegistrationOpen(ctx.db);
        const ip = clientIp(request, server, ctx.config.trustProxy);
        const now = ctx.now();
        throttle.assertRegistrationAllowed(ip, now);
        const user = await createUser(ctx.db, { username: body.username, password: body.password, isAdmin: false });
        await signIn(startSession(ctx.db, user.id, now).id);
        return toUserDto(user);
      },
      { parse: publicJsonBody, body: credentialsBody, response: userResponse },
    )
    .post('/logout', async ({ currentSession, signOut, set }) => {
      const live = await currentSession();
      if (live) endSession(ctx.db, live.session.id);
      signOut(live?.session.id);
      set.status = 204;
    })
    .patch(
      '/user/display-preference',
      ({ user, body }) => toUserDto(changeDisplayPreference(ctx.db, user, body.displayPreference)),
      { auth: true, body: displayPreferenceBody, response: userResponse },
    )
    .patch(
      '/user/password',
      async ({ user, sessionId, body, request, server }) => {
        // The check counts like a login, before the password is verified (so parallel guesses
        // cannot outrun the back-off), and a right password takes its count back.
        const attempt = { ip: clientIp(request, server, ctx.config.trustProxy), username: user.username, deviceCookie: undefined };
        const reservation = throttle.reserve(attempt, ctx.now());
        await changeOwnPassword(ctx.db, { user, sessionId }, body, () => throttle.succeeded(reservation, ctx.now()));
        return toUserDto(user);
      },
      { auth: true, body: passwordChangeBody, response: userResponse },
    )
    .get('/user/pin', ({ user }) => ({ set: user.pinHash !== null }), { auth: true, response: pinStateSchema })
    .put(
      '/user/pin',
      async ({ user, body, request, server }) => {
        // The password is checked like a login (counted first, a right one taken back).
        checkPinChange(user, body.pin);
        const attempt = { ip: clientIp(request, server, ctx.config.trustProxy), username: user.username, deviceCookie: undefined };
        const reservation = throttle.reserve(attempt, ctx.now());
        await changeOwnPin(ctx.db, user, body, () => throttle.succeeded(reservation, ctx.now()));
        return { set: body.pin !== null };
      },
      { auth: true, body: pinChangeBody, response: pinStateSchema },
    );
}
