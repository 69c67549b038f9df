import { afterEach, expect, test } from 'bun:test';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { openDataDir } from '../../src/data-dir.ts';
import { createApp } from '../../src/compose/app.ts';
import { parseConfig } from '../../src/config.ts';
import { createLogger } from '../../src/logger.ts';
import { listen } from '../../src/compose/server.ts';
import { findFfmpeg, type Ffmpeg } from '../../media/transcode.ts';
import { DEFAULT_TRANSCODE_LIMIT } from '../../src/config.ts';
import { createUser } from '../../src/services/accounts/users.ts';
import type { NewAppPasswordDto, SongDto } from '../../src/shared/types.ts';
import { makeTempDir } from '../../src/testing/server.ts';

const TONE = readFileSync(join(import.meta.dir, '../../media/testdata/tone.ogg'));
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** An app with the given ffmpeg, a published song and an app password; `stream(kbps)` asks for an mp3. */
async function start(ffmpeg: Ffmpeg) {
  const dataDir = makeTempDir();
  const config = parseConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0' });
  const { handle, secret } = openDataDir(dataDir);
  const app = createApp({ config, db: handle.db, secret, log: createLogger('silent'), ffmpeg });
  listen(app, config.host, config.port);
  cleanups.push(async () => {
    await app.stop(true);
    handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const url = `http://127.0.0.1:${app.server!.port}`;
  await createUser(handle.db, { username: 'mum', password: 'web pass 1', isAdmin: true });
  const login = await fetch(`${url}/api/login`, { method: 'POST', body: JSON.stringify({ username: 'mum', password: 'web pass 1' }), headers: { 'content-type': 'application/json' } });
  const cookie = login.headers.getSetCookie().find((line) => line.startsWith('hearth_session='))!.split(';')[0]!;
  const created = (await (await fetch(`${url}/api/app-passwords`, { method: 'POST', body: JSON.stringify({ name: 'x' }), headers: { 'content-type': 'application/json', cookie } })).json()) as NewAppPasswordDto;
  const form = new FormData();
  form.set('status', 'published');
  form.set('file', new File([TONE], 'tone.ogg'));
  const song = (await (await fetch(`${url}/api/upload/audio`, { method: 'POST', body: form, headers: { cookie } })).json()) as SongDto;
  const stream = (kbps: number) =>
    fetch(`${url}/rest/stream?${new URLSearchParams({ u: 'mum', p: created.password, v: '1.16.1', c: 't', f: 'json', id: String(song.id), format: 'mp3', maxBitRate: String(kbps) })}`);
  return { dataDir, stream };
}

const RATES = [32, 48, 64, 96, 128, 160, 192, 256, 320];

test('an ffmpeg that cannot be started (gone since start) does not keep its conversion slot', async () => {
  const { stream } = await start({ path: '/nonexistent/ffmpeg', version: '0' });
  for (const kbps of RATES.slice(0, DEFAULT_TRANSCODE_LIMIT + 1)) {
    const response = await stream(kbps);
    const text = await response.text();
    expect(text).not.toContain('already converting');
  }
});

test.skipIf(!findFfmpeg())('a transcode cache folder removed behind the server still streams the conversion, and frees the slot', async () => {
  const { dataDir, stream } = await start(findFfmpeg()!);
  rmSync(join(dataDir, 'cache', 'transcodes'), { recursive: true, force: true });
  for (const kbps of RATES.slice(0, DEFAULT_TRANSCODE_LIMIT + 1)) {
    const response = await stream(kbps);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);
  }
});
