import { jwt } from '@elysiajs/jwt';
import { Elysia } from 'elysia';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import type { Config } from '../config.ts';
import { ForbiddenError, UnauthorizedError } from '../errors.ts';
import { type LiveSession, SESSION_TTL_MS, resumeSession } from '../services/accounts/sessions.ts';
import { requestOrigin } from './client-ip.ts';

export const SESSION_COOKIE = 'hearth_session';

export interface AuthDeps {
  db: Db;
  config: Pick<Config, 'trustProxy' | 'publicUrl'>;
  secret: string;
  now: () => number;
}

interface CookieJar {
  [name: string]: { value: unknown; set(options: Record<string, unknown>): unknown; remove(): unknown };
}

/**
 * Sessions: the cookie holds a JWT naming a server-side session row. A forged, tampered or
 * revoked cookie is simply "signed out". Macros: `auth` (any family member), `admin`.
 */
export function authPlugin(deps: AuthDeps) {
  const isHttps = (request: Request) =>
    (deps.config.publicUrl ?? requestOrigin(request, deps.config.trustProxy)).startsWith('https:');

  return new Elysia({ name: 'auth' })
    .use(jwt({ name: 'sessionJwt', secret: deps.secret, alg: 'HS256' }))
    .derive({ as: 'global' }, ({ cookie, request, sessionJwt }) => {
      const jar = cookie as unknown as CookieJar;
      const writeCookie = (sessionId: string, expiresAt: Date) =>
        sessionJwt.sign({ sid: sessionId }).then((token) => {
          jar[SESSION_COOKIE]!.set({
            value: token,
            httpOnly: true,
            sameSite: 'lax',
            secure: isHttps(request),
            path: '/',
            expires: expiresAt,
          });
        });
      // Memoised: route guards and macros may both ask within one request.
      let current: Promise<LiveSession | null> | undefined;
      const lookup = async (): Promise<LiveSession | null> => {
        const token = jar[SESSION_COOKIE]?.value;
        if (typeof token !== 'string' || token.length === 0 || token.length > 4096) return null;
        const payload = await sessionJwt.verify(token).catch(() => false as const);
        if (!payload || typeof payload.sid !== 'string') return null;
        const live = resumeSession(deps.db, payload.sid, deps.now());
        if (live?.extended) await writeCookie(live.session.id, live.session.expiresAt);
        return live;
      };
      return {
        /** The signed-in session, or null; looked up once per request. */
        currentSession: () => (current ??= lookup()),
        signIn: (sessionId: string) => writeCookie(sessionId, new Date(deps.now() + SESSION_TTL_MS)),
        signOut() {
          jar[SESSION_COOKIE]?.remove();
        },
      };
    })
    .macro({
      auth: {
        async resolve({ currentSession }) {
          const live = await currentSession();
          if (!live) throw new UnauthorizedError();
          return { user: live.user as UserRow, sessionId: live.session.id };
        },
      },
      admin: {
        async resolve({ currentSession }) {
          const live = await currentSession();
          if (!live) throw new UnauthorizedError();
          if (!live.user.isAdmin) throw new ForbiddenError('Only an admin can do that');
          return { user: live.user as UserRow, sessionId: live.session.id };
        },
      },
    });
}

export type AuthPlugin = ReturnType<typeof authPlugin>;
