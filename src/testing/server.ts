import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Db, type DbHandle, openDb } from '../../db/client.ts';
import { migrateDb } from '../../db/migrate.ts';
import { openStorage } from '../../media/s3-storage.ts';
import type { MediaStorage } from '../../media/storage.ts';
import { createApp } from '../compose/app.ts';
import { type Config, parseConfig } from '../config.ts';
import { openDataDir } from '../data-dir.ts';
import { createLogger } from '../logger.ts';
import { listen } from '../compose/server.ts';
import { setHashCostForTests } from '../services/accounts/passwords.ts';
import { createUser } from '../services/accounts/users.ts';

// Near-free argon2id for every test that uses this harness (src/services/accounts/passwords.test.ts
// keeps the real cost): sign-ups and logins would otherwise spend most of a pass hashing.
export const TEST_HASH_COST = { algorithm: 'argon2id', memoryCost: 256, timeCost: 1 } as const;
setHashCostForTests(TEST_HASH_COST);

export interface TestServer {
  url: string;
  db: Db;
  config: Config;
  dataDir: string;
  /** The app's media storage (DATA_DIR/media). */
  storage: MediaStorage;
  /** Moves the server's clock (rate limits, sessions, purge) forward. */
  advance(ms: number): void;
  now(): number;
  /** fetch relative to the server, JSON bodies encoded for you. */
  request(path: string, init?: RequestInit & { json?: unknown; cookie?: string }): Promise<Response>;
  /** Creates a user directly and returns a session cookie for it. */
  signUp(username: string, options?: { password?: string; isAdmin?: boolean }): Promise<string>;
  login(username: string, password: string): Promise<string>;
  stop(): Promise<void>;
}

export function makeTempDir(prefix = 'hearth-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** The session cookie ("name=value") from a response's Set-Cookie headers. */
export function sessionCookieFrom(response: Response): string {
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith('hearth_session='));
  if (!cookie) throw new Error(`no session cookie in response (status ${response.status})`);
  return cookie.split(';')[0]!;
}

/** The real app on a loopback port with a fresh DATA_DIR, real migrations and files. */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = makeTempDir();
  const config = parseConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0', ...env });
  const { handle, secret, paths } = openDataDir(config.dataDir);
  const storage = openStorage(paths.mediaDir, config.s3);
  let offset = 0;
  const now = () => Date.now() + offset;
  const app = createApp({ config, db: handle.db, secret, log: createLogger(config.logLevel), now, storage });
  listen(app, config.host, config.port);
  const url = `http://127.0.0.1:${app.server!.port}`;

  const request: TestServer['request'] = (path, init = {}) => {
    const { json, cookie, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (cookie) headers.set('cookie', cookie);
    if (json !== undefined) headers.set('content-type', 'application/json');
    return fetch(url + path, { ...rest, headers, body: json === undefined ? rest.body : JSON.stringify(json) });
  };

  const login = async (username: string, password: string) => {
    const response = await request('/api/login', { method: 'POST', json: { username, password } });
    return sessionCookieFrom(response);
  };

  return {
    url,
    db: handle.db,
    config,
    dataDir,
    storage,
    advance: (ms) => {
      offset += ms;
    },
    now,
    request,
    login,
    async signUp(username, options = {}) {
      const password = options.password ?? 'correct horse';
      await createUser(handle.db, { username, password, isAdmin: options.isAdmin ?? false });
      return login(username, password);
    },
    async stop() {
      await app.stop(true);
      handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A migrated database in a temporary folder, for query-level tests; `remove()` deletes both. */
export function openTempDb(): DbHandle & { remove(): void } {
  const dir = makeTempDir();
  const handle = openDb(join(dir, 'hearth.db'));
  migrateDb(handle.db);
  return {
    ...handle,
    remove() {
      handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
