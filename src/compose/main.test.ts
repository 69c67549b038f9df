import { afterEach, describe, expect, test } from 'bun:test';
import { chmodSync, cpSync, existsSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { openDb } from '../../db/client.ts';
import { ensureBuilt } from './build.ts';
import { ROOT } from '../render/build-paths.ts';
import { type ServerProcess, freePort, npmScript, runShell, spawnMain, startMain } from '../testing/process.ts';
import { startTestBucket } from '../testing/s3-server.ts';
import { makeTempDir } from '../testing/server.ts';

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
    expect(output).toContain('/login as "admin" with this password (shown only once):\n');
    // Nothing but the password after "Password: ", so copying the line's end copies it alone.
    const password = output.match(/^Password: (\S+)\n/m)?.[1];
    expect(password).toBeDefined();
    expect((await login(server.url, 'admin', password!)).status).toBe(200);
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
    expect(second.output()).toContain(
      'ADMIN_USERNAME and ADMIN_PASSWORD are ignored: this Hearth already has accounts, and they only create the first admin.\n' +
        'To set a new password: npm run cli -- user passwd NAME --password NEW\n',
    );
    expect((await login(second.url, 'dad', 'mum-secret')).status).toBe(401);
    second.child.kill('SIGKILL');
    await second.exited;
    const { ADMIN_USERNAME: _unset, ...passwordOnly } = env;
    expect((await start(passwordOnly)).output()).toContain('ADMIN_PASSWORD is ignored: this Hearth already has accounts');
    const plain = await start({ DATA_DIR: dataDir });
    expect(plain.output()).not.toContain('ignored');
  });
});

describe('first admin before the first answer', () => {
  test('a login sent the moment the port opens is answered as the admin, never 401', async () => {
    const port = String(await freePort());
    const { child } = spawnMain({ DATA_DIR: tempDataDir(), PORT: port, ADMIN_USERNAME: 'mum', ADMIN_PASSWORD: 'mum-secret' });
    cleanups.push(() => {
      child.kill('SIGKILL');
      return child.exited;
    });
    // Retry at once while the port is closed: the first request that connects is the first answer.
    let response: Response | undefined;
    const deadline = Date.now() + 20_000;
    while (!response && Date.now() < deadline && child.exitCode === null) {
      response = await login(`http://127.0.0.1:${port}`, 'mum', 'mum-secret').catch(() => undefined);
    }
    expect(response?.status).toBe(200);
  });

  test('a start that cannot listen leaves no admin behind: the next start creates it and shows its password', async () => {
    const dataDir = tempDataDir();
    const taken = await start({ DATA_DIR: tempDataDir() });
    const failed = spawnMain({ DATA_DIR: dataDir, PORT: new URL(taken.url).port });
    expect(await failed.child.exited).toBe(1);
    const retried = await start({ DATA_DIR: dataDir });
    const password = retried.output().match(/^Password: (\S+)\n/m)?.[1];
    expect(password).toBeDefined();
    expect((await login(retried.url, 'admin', password!)).status).toBe(200);
  });
});

describe('first-run hint', () => {
  test('the printed password-change command works through npm (only Node.js and npm needed)', async () => {
    const dataDir = tempDataDir();
    const server = await start({ DATA_DIR: dataDir });
    const hint = server.output().match(/^Change it with: (.+)$/m)?.[1];
    expect(hint).toBe('npm run cli -- user passwd admin --password NEW');
    const { code, output } = await runShell(hint!.replace('NEW', 'a-new-password'), { DATA_DIR: dataDir });
    expect(output).toContain('Changed the password of "admin"');
    expect(code).toBe(0);
    expect((await login(server.url, 'admin', 'a-new-password')).status).toBe(200);
  });

  test('`npm run cli -- …` hands --password to the CLI', async () => {
    const dataDir = tempDataDir();
    const added = await runShell('npm run cli -- user add grandma --password knitting-needles', { DATA_DIR: dataDir });
    expect(added.output).toContain('Created user "grandma".');
    expect(added.code).toBe(0);
    const usage = await runShell('npm run cli -- help', { DATA_DIR: dataDir });
    expect(usage.output).toContain('Usage: npm run cli -- <command>');
  });
});

describe('a start that has to build', () => {
  // A copy of the checkout (node_modules linked), so its build/ starts empty like a fresh clone's.
  function freshCheckout(): string {
    const copy = tempDataDir();
    const listed = Bun.spawnSync(['git', 'ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT });
    for (const file of listed.stdout.toString().split('\0')) {
      if (file && existsSync(join(ROOT, file))) cpSync(join(ROOT, file), join(copy, file));
    }
    symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
    return copy;
  }

  test('says it is building the web app, then how long it took; the next start builds nothing and says nothing', async () => {
    const checkout = freshCheckout();
    const { env } = await npmScript('start');
    const how = { cwd: checkout, cmd: [process.execPath, 'src/compose/main.ts'] };
    const first = await startMain({ ...env, DATA_DIR: join(checkout, 'data') }, how);
    cleanups.push(() => (first.child.kill('SIGKILL'), first.exited));
    const output = first.output();
    expect(output).toMatch(
      /^Building the web app for this version of Hearth \(once after an install or update; it can take a minute\)…\nBuilt the web app in \d+ s\.\n(.*\n)*Hearth is running on /,
    );
    first.child.kill('SIGKILL');
    await first.exited;
    const second = await startMain({ ...env, DATA_DIR: join(checkout, 'data') }, how);
    cleanups.push(() => (second.child.kill('SIGKILL'), second.exited));
    expect(second.output()).not.toContain('Building the web app');
    expect(second.output()).not.toContain('Built the web app');
  }, 300_000);
});

describe('production', () => {
  // Bun folds NODE_ENV into React's entry files as it loads them, so only the environment the
  // process starts with picks React's build: `npm start` must set it.
  test('npm start runs React production builds: no development warnings, the production bundle', async () => {
    const { env, bunArgs } = await npmScript('start');
    expect(bunArgs).toEqual(['src/compose/main.ts']);
    expect(env.NODE_ENV).toBe('production');
    await ensureBuilt('production'); // ahead of start, so a cold build does not count against start-up
    const server = await start({ ...env, DATA_DIR: tempDataDir(), ADMIN_USERNAME: 'mum', ADMIN_PASSWORD: 'mum-secret' });
    const cookie = (await login(server.url, 'mum', 'mum-secret')).headers.get('set-cookie')!.split(';')[0]!;
    const pages = await Promise.all(
      ['/', '/login', '/share', '/share/missing', '/no-such-page'].map((path) => fetch(server.url + path).then((r) => r.text())),
    );
    pages.push(await (await fetch(server.url, { headers: { cookie } })).text());
    expect(pages[0]).toContain('<html');

    const code = await clientScripts(server.url, pages.join('\n'));
    expect(code).toContain('Minified React error'); // only React's production builds carry it
    expect(code).not.toContain('jsxDEV');
    expect(code).not.toContain('react-dom.development');
    await Bun.sleep(100);
    expect(server.output()).not.toMatch(/Warning:|unique "key"|react\.dev\/link\/warning/);
  }, 180_000);
});

/** Every /assets/ script the pages load, followed through their static imports. */
async function clientScripts(base: string, html: string): Promise<string> {
  const queue = [...html.matchAll(/\/assets\/[^"'\s]+\.js/g)].map((m) => m[0]);
  const seen = new Set<string>();
  let code = '';
  while (queue.length > 0 && seen.size < 200) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const text = await (await fetch(base + path)).text();
    code += text;
    for (const m of text.matchAll(/(?:from|import)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) queue.push(new URL(m[1]!, base + path).pathname);
  }
  return code;
}

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
  test('SIGTERM the moment the ready line shows still stops cleanly', async () => {
    const dataDir = tempDataDir();
    for (let round = 0; round < 3; round++) {
      const server = await start({ DATA_DIR: dataDir });
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
  });

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
    // A login whose body is still arriving stays in flight however fast the hash: SIGTERM it
    // halfway (on a warm server, so the request is dispatched at once), then send the rest.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const encoder = new TextEncoder();
    let finish = () => {};
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('{"username": "mum", '));
        finish = () => {
          controller.enqueue(encoder.encode('"password": "mum-secret"}'));
          controller.close();
        };
      },
    });
    // @ts-expect-error Bun streams request bodies with duplex 'half'
    const inFlight = fetch(`${server.url}/api/login`, { method: 'POST', body, duplex: 'half', headers: { 'content-type': 'application/json' } });
    await Bun.sleep(100);
    server.child.kill('SIGTERM');
    await server.waitFor('SIGTERM received');
    finish();
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
    // The line is written after the answer: wait for it rather than for a guessed time.
    await server.waitFor('GET /api/nothing-here 404');
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

describe('ffmpeg at start', () => {
  test("a start with the same ffmpeg as last time reuses its probe's answer instead of running it", async () => {
    const dataDir = tempDataDir();
    const bin = tempDataDir();
    const calls = join(bin, 'calls');
    // A stand-in ffmpeg that notes each run: probing costs a real ffmpeg 100-300 ms of start-up.
    await Bun.write(join(bin, 'ffmpeg'), `#!/bin/sh\necho run >> '${calls}'\necho 'ffmpeg version 9.9-standin Copyright'\n`);
    chmodSync(join(bin, 'ffmpeg'), 0o755);
    const env = { DATA_DIR: dataDir, PATH: `${bin}:${process.env.PATH}` };
    const health = async (url: string) => (await (await fetch(`${url}/healthz`)).json()) as { ffmpeg: unknown };
    const first = await start(env);
    expect((await health(first.url)).ffmpeg).toEqual({ available: true, version: '9.9-standin' });
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    const second = await start(env);
    expect((await health(second.url)).ffmpeg).toEqual({ available: true, version: '9.9-standin' });
    expect(readFileSync(calls, 'utf8')).toBe('run\n');
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    // A replaced ffmpeg (another size) is asked again.
    await Bun.write(join(bin, 'ffmpeg'), `#!/bin/sh\necho run >> '${calls}'\necho 'ffmpeg version 10.0-standin Copyright'\n`);
    const third = await start(env);
    expect((await health(third.url)).ffmpeg).toEqual({ available: true, version: '10.0-standin' });
    expect(readFileSync(calls, 'utf8')).toBe('run\nrun\n');
  });

  test('an ffmpeg that failed its probe once (a library missing then, a timeout) is asked again at the next start', async () => {
    const dataDir = tempDataDir();
    const bin = tempDataDir();
    const failedOnce = join(bin, 'failed-once');
    // Fails its first run, as when a shared library it needs is installed only afterwards.
    await Bun.write(join(bin, 'ffmpeg'), `#!/bin/sh\nif [ ! -e '${failedOnce}' ]; then touch '${failedOnce}'; exit 127; fi\necho 'ffmpeg version 9.9-standin Copyright'\n`);
    chmodSync(join(bin, 'ffmpeg'), 0o755);
    const env = { DATA_DIR: dataDir, PATH: `${bin}:${process.env.PATH}` };
    const health = async (url: string) => (await (await fetch(`${url}/healthz`)).json()) as { ffmpeg: unknown };
    const first = await start(env);
    expect((await health(first.url)).ffmpeg).toMatchObject({ available: false });
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    const second = await start(env);
    expect((await health(second.url)).ffmpeg).toEqual({ available: true, version: '9.9-standin' });
  });
});

describe('presigned bucket audio (S3_PUBLIC_URLS)', () => {
  // Players fetch presigned audio in CORS mode: a bucket without the rule plays nothing, so the
  // start says so (media/bucket-cors.ts) rather than leaving a family with silent songs.
  test('a bucket without a CORS rule for Hearth gets a warning at start; one with it, a confirmation', async () => {
    for (const cors of [false, true]) {
      const bucket = await startTestBucket(`hearth-cors-${cors}`, { cors });
      cleanups.push(() => bucket.stop());
      const server = await start({ DATA_DIR: tempDataDir(), ...bucket.env, S3_PUBLIC_URLS: 'true' });
      const line = cors ? `S3_PUBLIC_URLS: the bucket lets ${server.url} play its audio.` : `S3_PUBLIC_URLS: the bucket has no CORS rule that lets ${server.url} play its audio`;
      expect(await server.waitFor(line)).toBe(true);
    }
  });
});
