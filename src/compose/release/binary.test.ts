import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import packageJson from '../../../package.json' with { type: 'json' };
import { ROOT } from '../../render/build-paths.ts';
import type { SongDto } from '../../shared/types.ts';
import { APP_ROUTES } from '../../shared/app-routes.ts';
import { launchBrowser } from '../../testing/browser.ts';
import { openSignedIn, waitForPlayback } from '../../e2e/signed-in.ts';
import { type MainCommand, type ServerProcess, runToEnd, startMain } from '../../testing/process.ts';
import { makeTempDir, sessionCookieFrom } from '../../testing/server.ts';
import { type Platform, compileBinary, writeReleaseEntry } from './release.ts';

// The single binary as a family gets it: built by the release command, copied alone into an
// empty folder, run with nothing else set up (no Bun, no checkout, no environment but PATH).
setDefaultTimeout(180_000);

const TESTDATA = join(import.meta.dir, '../../../media/testdata');
const PASSWORD = 'lullaby-lullaby';
const root = makeTempDir('hearth-binary-');
let entry: string;

beforeAll(async () => {
  entry = await writeReleaseEntry();
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The binary for `platform`, compiled now and copied alone into a fresh folder as `hearth`. */
async function installBinary(platform: Platform): Promise<string> {
  const { path } = await compileBinary(entry, platform);
  const folder = join(root, platform);
  mkdirSync(folder);
  copyFileSync(path, join(folder, 'hearth'));
  expect(readdirSync(folder)).toEqual(['hearth']);
  // Self-contained: no path into this checkout is left for it to read at run time.
  expect(readFileSync(path).includes(ROOT)).toBe(false);
  return folder;
}

/** How to run the arm64 binary here: Debian's qemu-user-static, with the arm64 C library. */
const QEMU = '/usr/bin/qemu-aarch64-static';
const ARM64_LIBC = '/usr/aarch64-linux-gnu';
const qemuEnv = { QEMU_LD_PREFIX: ARM64_LIBC };

function runner(platform: Platform, folder: string): { cmd: string[]; env: Record<string, string> } {
  const binary = join(folder, 'hearth');
  return platform === 'linux-arm64' ? { cmd: [QEMU, binary], env: qemuEnv } : { cmd: [binary], env: {} };
}

async function hearth(platform: Platform, folder: string, ...args: string[]) {
  const { cmd, env } = runner(platform, folder);
  return runToEnd([...cmd, ...args], env, { cwd: folder, cleanEnv: true });
}

async function start(platform: Platform, folder: string, extraEnv: Record<string, string> = {}): Promise<ServerProcess> {
  const { cmd, env } = runner(platform, folder);
  const how: MainCommand = { cmd, cwd: folder, cleanEnv: true, startTimeoutMs: platform === 'linux-arm64' ? 120_000 : 15_000 };
  return startMain({ ...env, LOG_LEVEL: 'warn', ...extraEnv }, how);
}

async function stop(server: ServerProcess): Promise<number> {
  server.child.kill('SIGTERM');
  return server.exited;
}

async function login(url: string): Promise<string> {
  const response = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'mum', password: PASSWORD }),
  });
  expect(response.status).toBe(200);
  return sessionCookieFrom(response);
}

async function songs(url: string, cookie: string): Promise<SongDto[]> {
  const response = await fetch(`${url}/api/songs`, { headers: { cookie } });
  expect(response.status).toBe(200);
  return (await response.json()) as SongDto[];
}

/** Bytes 100–1,099 of a song's audio, as a player seeking would ask for them. */
async function audioRange(url: string, song: SongDto): Promise<Uint8Array> {
  const response = await fetch(url + song.audioUrl, { headers: { range: 'bytes=100-1099' } });
  expect(response.status).toBe(206);
  return new Uint8Array(await response.arrayBuffer());
}

const tagged = readFileSync(join(TESTDATA, 'tagged.mp3'));

describe('the x64 binary, alone in an empty folder', () => {
  let folder: string;
  let server: ServerProcess | null = null;
  let browser: Browser | null = null;

  beforeAll(async () => {
    folder = await installBinary('linux-x64');
  });
  afterAll(async () => {
    await browser?.close();
    if (server) await stop(server);
  });

  test('--version, --help, and an unknown command', async () => {
    expect(await hearth('linux-x64', folder, '--version')).toEqual({ code: 0, output: `Hearth ${packageJson.version}\n` });
    const help = await hearth('linux-x64', folder, '--help');
    expect(help.code).toBe(0);
    for (const line of ['./hearth                  start the server', 'Usage: ./hearth <command>', 'user add NAME --password PW [--admin]', 'backup FILE [--media] [--force]']) {
      expect(help.output).toContain(line);
    }
    const unknown = await hearth('linux-x64', folder, 'dance');
    expect(unknown.code).toBe(2);
    expect(unknown.output).toStartWith('Unknown command "dance".');
    // Nothing of the above touched a data folder.
    expect(readdirSync(folder)).toEqual(['hearth']);
  });

  test('the CLI: user add, import, demo, purge and backup, on ./data', async () => {
    expect(await hearth('linux-x64', folder, 'user', 'add', 'mum', '--password', PASSWORD, '--admin')).toEqual({ code: 0, output: 'Created admin "mum".\n' });
    mkdirSync(join(folder, 'incoming'));
    copyFileSync(join(TESTDATA, 'tagged.mp3'), join(folder, 'incoming', 'tagged.mp3'));
    const imported = await hearth('linux-x64', folder, 'import', 'incoming', '--publish');
    expect(imported).toEqual({ code: 0, output: expect.stringContaining('Imported 1, skipped 0, failed 0.') });
    expect(await hearth('linux-x64', folder, 'demo')).toEqual({ code: 0, output: 'Added 12 demo songs in 3 albums.\n' });
    expect((await hearth('linux-x64', folder, 'purge')).code).toBe(0);
    const backup = await hearth('linux-x64', folder, 'backup', 'family.tar');
    expect(backup.code).toBe(0);
    expect(existsSync(join(folder, 'family.tar'))).toBe(true);
    // The migrations the binary carries made the database; the data folder is where it runs.
    expect(readdirSync(join(folder, 'data')).sort()).toEqual(expect.arrayContaining(['hearth.db', 'media', 'secret.key']));
    const restored = await runToEnd([join(folder, 'hearth'), 'restore', 'family.tar'], { DATA_DIR: 'restored' }, { cwd: folder, cleanEnv: true });
    expect(restored.code).toBe(0);
    const listed = await runToEnd([join(folder, 'hearth'), 'user', 'list'], { DATA_DIR: 'restored' }, { cwd: folder, cleanEnv: true });
    expect(listed.output).toContain('mum');
  });

  test('opens a data folder made at commit 6f98c7c and migrates it forward', async () => {
    const dataDir = join(root, 'old-data');
    cpSync(join(import.meta.dir, '../../testing/fixtures/data-6f98c7c'), dataDir, { recursive: true });
    const listed = await runToEnd([join(folder, 'hearth'), 'user', 'list'], { DATA_DIR: dataDir }, { cwd: folder, cleanEnv: true });
    expect(listed.code).toBe(0);
    expect(listed.output).toBe("kid\nmum (admin)\n");
  });

  test('the server: pages, bundles, the service worker, audio ranges and artwork previews; it stops cleanly', async () => {
    server = await start('linux-x64', folder);
    expect(server.output()).toContain(`(data in ${join(folder, 'data')})`);
    const cookie = await login(server.url);
    const list = await songs(server.url, cookie);
    expect(list).toHaveLength(13);
    const song = list.find((s) => s.title === 'Hearth Tone')!;
    expect(await audioRange(server.url, song)).toEqual(new Uint8Array(tagged.subarray(100, 1100)));

    const page = await fetch(`${server.url}/`, { headers: { cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(1);
    for (const asset of scripts) {
      const response = await fetch(server.url + asset, { headers: { 'accept-encoding': 'gzip' } });
      expect([asset, response.status, response.headers.get('content-encoding')]).toEqual([asset, 200, 'gzip']);
    }
    const worker = await fetch(`${server.url}/service-worker.js`);
    expect([worker.status, worker.headers.get('cache-control')]).toEqual([200, 'no-store']);
    expect(await worker.text()).toContain('hearth-api-v1');
    for (const file of ['/manifest.webmanifest', '/icons/icon-192.png', '/robots.txt', '/default-artwork.png']) {
      expect([file, (await fetch(server.url + file)).status]).toEqual([file, 200]);
    }
    // Artwork previews are decoded in a worker: the binary carries it as an entry of its own.
    const share = await (await fetch(`${server.url}/share/${song.shareId}`)).text();
    const preview = share.match(/og:image" content="[^"]*(\/objects\/previews\/[0-9a-f]{64}\.jpg)"/)?.[1];
    const previewResponse = await fetch(server.url + preview);
    expect([previewResponse.status, previewResponse.headers.get('content-type')]).toEqual([200, 'image/jpeg']);

    // Every page of the app, the pages for guests, and a shared album.
    const albums = (await (await fetch(`${server.url}/api/albums`, { headers: { cookie } })).json()) as { id: number; shareId: string }[];
    const signedIn = [...APP_ROUTES.filter((route) => !route.pattern.includes(':')).map((route) => route.pattern), `/album/${albums[0]!.id}`];
    const guest = ['/', '/login', '/share', `/share/album/${albums[0]!.shareId}`];
    for (const [path, as] of [...signedIn.map((p) => [p, cookie]), ...guest.map((p) => [p, ''])] as [string, string][]) {
      const response = await fetch(server.url + path, { headers: { cookie: as }, redirect: 'manual' });
      expect([path, response.status, response.headers.get('content-type')]).toEqual([path, 200, 'text/html; charset=utf-8']);
    }

    // In a real browser, the server-rendered library hydrates from the compiled-in bundles and plays.
    browser = await launchBrowser();
    const { context, page: tab, problems } = await openSignedIn(browser, server, cookie, '/');
    await tab.getByRole('list', { name: 'Songs' }).getByRole('button', { name: /^Garden Path/ }).click();
    await waitForPlayback(tab);
    expect(problems).toEqual([]);
    await context.close();

    const code = await stop(server);
    server = null;
    expect(code).toBe(0);
  });
});

describe('the arm64 binary (a Raspberry Pi), under emulation', () => {
  // One emulated process (each start under qemu costs seconds of CPU): the first admin from the
  // environment, a song uploaded as the admin page does; the x64 binary runs the CLI.
  test('starts on a loopback port with its first admin; an upload is listed and a range of its audio plays', async () => {
    if (!existsSync(QEMU) || !existsSync(ARM64_LIBC)) {
      throw new Error('The arm64 test needs Debian\'s qemu-user-static and libc6-arm64-cross (.ci/run installs them).');
    }
    const folder = await installBinary('linux-arm64');
    const server = await start('linux-arm64', folder, { ADMIN_USERNAME: 'mum', ADMIN_PASSWORD: PASSWORD });
    try {
      const cookie = await login(server.url);
      const form = new FormData();
      form.set('status', 'published');
      form.set('file', Bun.file(join(TESTDATA, 'tagged.mp3')), 'tagged.mp3');
      const uploaded = await fetch(`${server.url}/api/upload/audio`, { method: 'POST', body: form, headers: { cookie, origin: server.url } });
      expect(uploaded.status).toBe(200);
      const list = await songs(server.url, cookie);
      expect(list.map((s) => s.title)).toEqual(['Hearth Tone']);
      expect(await audioRange(server.url, list[0]!)).toEqual(new Uint8Array(tagged.subarray(100, 1100)));
      expect((await fetch(`${server.url}/`, { headers: { cookie } })).status).toBe(200);
    } finally {
      expect(await stop(server)).toBe(0);
    }
  });
});
