import { afterEach, describe, expect, test } from 'bun:test';
import { existsSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { openDb } from '../db/client.ts';
import { type ServerProcess, spawnMain, startMain } from './testing/process.ts';
import { makeTempDir } from './testing/server.ts';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

function tempDataDir(): string {
  const dir = makeTempDir();
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function start(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startMain(env);
  cleanups.push(() => {
    server.child.kill('SIGKILL');
    return server.exited;
  });
  return server;
}

const login = (url: string, username: string, password: string) =>
  fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });

describe('first start', () => {
  test('creates the data folder and an admin whose printed password works', async () => {
    const dataDir = join(tempDataDir(), 'fresh');
    const server = await start({ DATA_DIR: dataDir });
    const output = server.output();
    const match = output.match(/Log in at (\S+)\/login as "admin" with password: (\S+)\./);
    expect(match).not.toBeNull();
    expect((await login(server.url, 'admin', match![2]!)).status).toBe(200);
    expect(existsSync(join(dataDir, 'hearth.db'))).toBe(true);
    expect(existsSync(join(dataDir, 'media'))).toBe(true);
    expect(statSync(join(dataDir, 'secret.key')).mode & 0o777).toBe(0o600);
  });

  test('honours ADMIN_USERNAME and ADMIN_PASSWORD, only while there are no users', async () => {
    const dataDir = tempDataDir();
    const env = { DATA_DIR: dataDir, ADMIN_USERNAME: 'mum', ADMIN_PASSWORD: 'mum-secret' };
    const first = await start(env);
    expect(first.output()).toContain('as "mum" with ADMIN_PASSWORD');
    expect(await (await login(first.url, 'mum', 'mum-secret')).json()).toMatchObject({ isAdmin: true });
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    const second = await start({ ...env, ADMIN_USERNAME: 'dad' });
    expect(second.output()).not.toContain('Log in at');
    expect((await login(second.url, 'dad', 'mum-secret')).status).toBe(401);
  });
});

describe('configuration', () => {
  test.each([
    ['PORT', 'abc', 'Invalid PORT: "abc" is not a whole number'],
    ['PORT', '70000', 'Invalid PORT: 70000 is outside 0–65535'],
    ['TRUST_PROXY', 'maybe', 'Invalid TRUST_PROXY'],
    ['PUBLIC_URL', 'hearth.local', 'Invalid PUBLIC_URL'],
    ['LOG_LEVEL', 'loud', 'Invalid LOG_LEVEL'],
    ['MEDIA_PROXY_ALLOW', 'ftp://x.example', 'Invalid MEDIA_PROXY_ALLOW'],
  ])('%s=%s stops the process with a message naming it', async (name, value, message) => {
    const { child, output } = spawnMain({ DATA_DIR: tempDataDir(), [name]: value });
    expect(await child.exited).toBe(1);
    expect(output()).toContain(message);
    expect(output()).not.toContain('    at ');
  });
});

describe('lifecycle', () => {
  test('a second server on a taken port fails with a clear message; the first keeps serving', async () => {
    const first = await start({ DATA_DIR: tempDataDir() });
    const port = new URL(first.url).port;
    const { child, output } = spawnMain({ DATA_DIR: tempDataDir(), PORT: port });
    expect(await child.exited).toBe(1);
    expect(output()).toContain(`Port ${port} on 127.0.0.1 is already in use`);
    for (let i = 0; i < 10; i++) expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
  });

  test('SIGTERM lets an in-flight request finish, then closes the database cleanly', async () => {
    const dataDir = tempDataDir();
    const server = await start({ DATA_DIR: dataDir, ADMIN_USERNAME: 'mum', ADMIN_PASSWORD: 'mum-secret' });
    // A login spends ~200 ms hashing: send SIGTERM while it is in flight.
    const inFlight = login(server.url, 'mum', 'mum-secret');
    await Bun.sleep(30);
    server.child.kill('SIGTERM');
    expect((await inFlight).status).toBe(200);
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('Hearth stopped cleanly.');
    expect(existsSync(join(dataDir, 'hearth.db-wal'))).toBe(false);
    const reopened = openDb(join(dataDir, 'hearth.db'));
    expect(reopened.sqlite.query('SELECT count(*) AS n FROM sessions').get()).toEqual({ n: 1 });
    reopened.close();
  });

  test('logs one line per request with method, path, status and milliseconds', async () => {
    const server = await start({ DATA_DIR: tempDataDir() });
    await fetch(`${server.url}/healthz`);
    await fetch(`${server.url}/api/nothing-here`);
    await Bun.sleep(50);
    expect(server.output()).toMatch(/GET \/healthz 200 \d+\.\dms/);
    expect(server.output()).toMatch(/GET \/api\/nothing-here 404 \d+\.\dms/);
  });

  test('LOG_LEVEL=warn silences request lines', async () => {
    const server = await start({ DATA_DIR: tempDataDir(), LOG_LEVEL: 'warn' });
    await fetch(`${server.url}/healthz`);
    await Bun.sleep(50);
    expect(server.output()).not.toContain('GET /healthz');
  });
});
