import { jwt } from '@elysiajs/jwt';
import { Elysia } from 'elysia';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import type { Config } from '../config.ts';
import { ForbiddenError, UnauthorizedError } from '../errors.ts';
import { DEVICE_TTL_MS } from '../services/accounts/device-cookie.ts';
import { readHeldSessions, writeHeldSessions } from '../services/accounts/held-sessions.ts';
import { type LiveSession, SESSION_TTL_MS, resumeSession } from '../services/accounts/sessions.ts';
import { requestOrigin } from './client-ip.ts';
import { readJsonBody } from './json-body.ts';

const SESSION_COOKIE = 'hearth_session';
/** OWASP device cookie (src/services/accounts/device-cookie.ts); only ever sent to the login route. */
const DEVICE_COOKIE = 'hearth_device';
/** The sessions this browser holds for the profile picker (held-sessions.ts); sent to `/api` only. */
const PROFILES_COOKIE = 'hearth_profiles';

export interface AuthDeps {
  db: Db;
  config: Pick<Config, 'trustProxy' | 'publicUrl'>;
  secret: string;
  now: () => number;
}

interface CookieJar {
  [name: string]: { value: unknown; set(options: Record<string, unknown>): unknown; remove(): unknown };
}

/** One cookie's value from the raw header: the session is needed before Elysia parses cookies. */
export function cookieValue(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at === -1 || part.slice(0, at).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(at + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

type Role = 'member' | 'admin';

function assertRole(live: LiveSession | null, role: Role): LiveSession {
  if (!live) throw new UnauthorizedError();
  if (role === 'admin' && !live.user.isAdmin) throw new ForbiddenError('Only an admin can do that');
  return live;
}

/**
 * Sessions: the cookie holds a JWT naming a server-side session row. A forged, tampered or
 * revoked cookie is simply "signed out". Macros: `auth` (any family member), `admin`. Both
 * check the session in the parse step, before a byte of the body is read or validated.
 */
export function authPlugin(deps: AuthDeps) {
  const jwtPlugin = jwt({ name: 'sessionJwt', secret: deps.secret, alg: 'HS256' });
  const sessionJwt = jwtPlugin.decorator.sessionJwt;
  const isHttps = (request: Request) =>
    (deps.config.publicUrl ?? requestOrigin(request, deps.config.trustProxy)).startsWith('https:');

  // Looked up once per request, whichever step asks first (parse, a guard, the macro).
  const lookups = new WeakMap<Request, Promise<LiveSession | null>>();
  const lookup = async (request: Request): Promise<LiveSession | null> => {
    const token = cookieValue(request, SESSION_COOKIE);
    if (!token || token.length > 4096) return null;
    const payload = await sessionJwt.verify(token).catch(() => false as const);
    if (!payload || typeof payload.sid !== 'string') return null;
    return resumeSession(deps.db, payload.sid, deps.now());
  };
  const sessionOf = (request: Request) => {
    let found = lookups.get(request);
    if (!found) lookups.set(request, (found = lookup(request)));
    return found;
  };
  const bodyAfter = (role: Role) =>
    async function authThenJsonBody({ request }: { request: Request }) {
      assertRole(await sessionOf(request), role);
      return readJsonBody(request);
    };

  return new Elysia({ name: 'auth' })
    .use(jwtPlugin)
    // Cookies are written straight into `set.cookie` (Elysia serialises it), never through the
    // `cookie` jar: naming it in a global hook makes Elysia parse the cookies of every request.
    .derive({ as: 'global' }, ({ set, request }) => {
      const jar = (): Record<string, Record<string, unknown>> => (set.cookie ??= Object.create(null));
      const writeCookie = (name: string, value: string, options: Record<string, unknown>) => {
        jar()[name] = { value, httpOnly: true, sameSite: 'lax', secure: isHttps(request), path: '/', ...options };
      };
      const writeSession = (sessionId: string, expiresAt: Date) =>
        sessionJwt.sign({ sid: sessionId }).then((token) => writeCookie(SESSION_COOKIE, token, { expires: expiresAt }));
      let current: Promise<LiveSession | null> | undefined;
      const heldSessions = () => readHeldSessions(deps.secret, cookieValue(request, PROFILES_COOKIE));
      const holdSessions = (ids: readonly string[]) => {
        const value = writeHeldSessions(deps.secret, ids);
        if (value) writeCookie(PROFILES_COOKIE, value, { sameSite: 'strict', path: '/api', maxAge: SESSION_TTL_MS / 1000 });
        else jar()[PROFILES_COOKIE] = { value: '', path: '/api', maxAge: 0 };
      };
      return {
        /** The signed-in session, or null; a sliding expiry that moved refreshes the cookie. */
        currentSession: () =>
          (current ??= sessionOf(request).then(async (live) => {
            if (live?.extended) await writeSession(live.session.id, live.session.expiresAt);
            return live;
          })),
        /** A new session becomes the active one, held beside the ones this browser already holds. */
        async signIn(sessionId: string) {
          const before = await sessionOf(request);
          holdSessions([...heldSessions(), ...(before ? [before.session.id] : []), sessionId]);
          await writeSession(sessionId, new Date(deps.now() + SESSION_TTL_MS));
        },
        /** Signs the active session out; it is no longer held, the other profiles stay. */
        signOut(sessionId?: string) {
          if (cookieValue(request, SESSION_COOKIE) !== undefined) jar()[SESSION_COOKIE] = { value: '', path: '/', expires: new Date(0), maxAge: 0 };
          if (sessionId) holdSessions(heldSessions().filter((id) => id !== sessionId));
        },
        heldSessions,
        holdSessions,
        /** A held session becomes the active one (the profile picker's switch). */
        activate: (sessionId: string, expiresAt: Date) => writeSession(sessionId, expiresAt),
        deviceCookie: () => cookieValue(request, DEVICE_COOKIE),
        rememberDevice(value: string) {
          writeCookie(DEVICE_COOKIE, value, { sameSite: 'strict', path: '/api/login', maxAge: DEVICE_TTL_MS / 1000 });
        },
      };
    })
    .macro({
      auth: {
        parse: bodyAfter('member'),
        async resolve({ currentSession }) {
          const live = assertRole(await currentSession(), 'member');
          return { user: live.user as UserRow, sessionId: live.session.id };
        },
      },
      admin: {
        parse: bodyAfter('admin'),
        async resolve({ currentSession }) {
          const live = assertRole(await currentSession(), 'admin');
          return { user: live.user as UserRow, sessionId: live.session.id };
        },
      },
    });
}

export type AuthPlugin = ReturnType<typeof authPlugin>;

/** The bounded JSON parser for routes open to anyone (login, register): `{ parse: publicJsonBody }`. */
export const publicJsonBody = ({ request }: { request: Request }) => readJsonBody(request);
