import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { songs } from '../../db/schema/index.ts';
import { createLogger } from '../../src/logger.ts';
import { findFfmpeg } from '../../media/transcode.ts';
import { measureNextSong } from '../../src/services/loudness/measure.ts';
import { collectOrphanMedia } from '../../src/services/media/gc.ts';
import { runCli } from '../../src/testing/process.ts';
import { filesUnder, fixture, fixtureBytes } from '../../src/testing/media-fixtures.ts';
import { type TestBucket, startTestBucket } from '../../src/testing/s3-server.ts';
import { type TestServer, startTestServer } from '../../src/testing/server.ts';
import type { SongDto } from '../../src/shared/types.ts';

let bucket: TestBucket;
beforeAll(async () => {
  bucket = await startTestBucket();
});
afterAll(() => bucket.stop());

async function upload(server: TestServer, cookie: string, name: string): Promise<SongDto> {
  const form = new FormData();
  form.set('file', Bun.file(fixture(name)), name);
  form.set('status', 'published');
  const response = await server.request('/api/upload/audio', { method: 'POST', body: form, cookie });
  expect(response.status).toBe(200);
  return response.json();
}

const hashOf = (song: SongDto) => song.audioUrl.split('/').pop()!.split('.')[0]!;

describe('audio in a bucket, proxied with ranges', () => {
  let server: TestServer;
  let admin: string;
  let song: SongDto;
  let all: Uint8Array<ArrayBuffer>;
  beforeAll(async () => {
    server = await startTestServer(bucket.env);
    admin = await server.signUp('s3-admin', { isAdmin: true });
    song = await upload(server, admin, 'tone.flac');
    all = await fixtureBytes('tone.flac');
  });
  afterAll(() => server.stop());

  test('an upload lands in the bucket, not on the disk', async () => {
    expect(server.storage.audio.kind).toBe('s3');
    expect(await server.storage.audio.stat(hashOf(song))).toMatchObject({ size: all.length });
    expect(filesUnder(join(server.dataDir, 'media', 'audio'))).toEqual([]);
    expect(filesUnder(join(server.dataDir, 'media', 'tmp'))).toEqual([]);
  });

  test('the whole song plays through Hearth with its validators', async () => {
    const response = await server.request(song.audioUrl, { cookie: admin });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/flac');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('etag')).toBe(`"${hashOf(song)}"`);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(all);
    const again = await server.request(song.audioUrl, { cookie: admin, headers: { 'if-none-match': `"${hashOf(song)}"` } });
    expect(again.status).toBe(304);
  });

  test.each([
    ['bytes=0-99', 0, 100],
    ['bytes=100-', 100, -1],
    ['bytes=-100', -100, -1],
    ['bytes=0-99999999999999', 0, -1],
  ])('Range %s → 206 with the right bytes and length', async (range, from, length) => {
    const response = await server.request(song.audioUrl, { cookie: admin, headers: { range } });
    expect(response.status).toBe(206);
    const start = from < 0 ? all.length + from : from;
    const expected = all.slice(start, length < 0 ? undefined : start + length);
    expect(response.headers.get('content-range')).toBe(`bytes ${start}-${start + expected.length - 1}/${all.length}`);
    expect(response.headers.get('content-length')).toBe(String(expected.length));
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(expected);
  });

  test('a range past the end is 416; a guest without access gets 404, not the bytes', async () => {
    const past = await server.request(song.audioUrl, { cookie: admin, headers: { range: `bytes=${all.length}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${all.length}`);
    server.db.update(songs).set({ status: 'pending' }).where(eq(songs.id, song.id)).run();
    try {
      expect((await server.request(song.audioUrl)).status).toBe(404);
    } finally {
      server.db.update(songs).set({ status: 'published' }).where(eq(songs.id, song.id)).run();
    }
  });

  test('phone apps (Subsonic) get the original bytes and ranges from the bucket', async () => {
    const created = await server.request('/api/app-passwords', { method: 'POST', json: { name: 'Phone' }, cookie: admin });
    const { password } = (await created.json()) as { password: string };
    const query = new URLSearchParams({ u: 's3-admin', p: password, v: '1.16.1', c: 't', f: 'json', id: String(song.id) });
    const whole = await server.request(`/rest/download?${query}`);
    expect(whole.status).toBe(200);
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(all);
    const ranged = await server.request(`/rest/stream?${query}&format=raw`, { headers: { range: 'bytes=4-11' } });
    expect(ranged.status).toBe(206);
    expect(new Uint8Array(await ranged.arrayBuffer())).toEqual(all.slice(4, 12));
  });

  test('a CLI import while Hearth runs puts the audio in the bucket, and it plays', async () => {
    const folder = join(server.dataDir, '..', `import-${crypto.randomUUID()}`);
    await Bun.write(join(folder, 'opus tone.opus'), Bun.file(fixture('tone.opus')));
    try {
      const imported = await runCli(['import', folder, '--publish'], { DATA_DIR: server.dataDir, LOG_LEVEL: 'warn', ...bucket.env });
      expect(imported.code).toBe(0);
      const row = server.db.select().from(songs).where(eq(songs.originalFilename, 'opus tone.opus')).get()!;
      expect(filesUnder(join(server.dataDir, 'media', 'audio'))).toEqual([]);
      const response = await server.request(`/media/songs/${row.shareId}/${row.audioHash}.${row.audioFormat}`, { cookie: admin });
      expect(response.status).toBe(200);
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(await fixtureBytes('tone.opus'));
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  test('loudness is measured from the bucket (ffmpeg reads a presigned link)', async () => {
    const ffmpeg = findFfmpeg();
    expect(ffmpeg).not.toBeNull();
    let outcome = await measureNextSong(server.db, server.storage, ffmpeg!);
    while (outcome && outcome.id !== song.id) outcome = await measureNextSong(server.db, server.storage, ffmpeg!, undefined, outcome.id);
    expect(outcome).toEqual({ id: song.id, status: 'measured' });
  });

  test('garbage collection removes an unused object from the bucket, after the grace period', async () => {
    const gone = await upload(server, admin, 'tone.wav');
    server.db.delete(songs).where(eq(songs.id, gone.id)).run();
    const run = (later: number) => collectOrphanMedia(null, { db: server.db, storage: server.storage, log: createLogger('silent'), now: () => server.now() + later });
    expect((await run(0)).audio).toBe(0);
    expect(await server.storage.audio.stat(hashOf(gone))).not.toBeNull();
    expect((await run(2 * 3600_000)).audio).toBe(1);
    expect(await server.storage.audio.stat(hashOf(gone))).toBeNull();
    expect(await server.storage.audio.stat(hashOf(song))).not.toBeNull();
  });
});

describe('audio in a bucket, S3_PUBLIC_URLS=true', () => {
  let server: TestServer;
  let admin: string;
  let song: SongDto;
  beforeAll(async () => {
    server = await startTestServer({ ...bucket.env, S3_PUBLIC_URLS: 'true' });
    admin = await server.signUp('s3-redirect', { isAdmin: true });
    song = await upload(server, admin, 'tone.flac');
  });
  afterAll(() => server.stop());

  test('audio redirects to a short-lived presigned link that serves ranges', async () => {
    const response = await server.request(song.audioUrl, { cookie: admin, redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const location = new URL(response.headers.get('location')!);
    expect(location.origin).toBe(bucket.env.S3_ENDPOINT!);
    expect(location.searchParams.get('X-Amz-Expires')).toBe('300');
    const ranged = await fetch(location, { headers: { range: 'bytes=10-19' } });
    expect(ranged.status).toBe(206);
    expect(new Uint8Array(await ranged.arrayBuffer())).toEqual((await fixtureBytes('tone.flac')).slice(10, 20));
  });

  test("pages let players and offline saving fetch from the bucket's origin, and only there", async () => {
    const csp = (await server.request('/login')).headers.get('content-security-policy')!;
    expect(csp).toContain(`media-src 'self' blob: ${bucket.env.S3_ENDPOINT}`);
    expect(csp).toContain(`connect-src 'self' ${bucket.env.S3_ENDPOINT}`);
  }, 120_000);

  test('access is still checked before the redirect', async () => {
    server.db.update(songs).set({ status: 'pending' }).where(eq(songs.id, song.id)).run();
    const response = await server.request(song.audioUrl, { redirect: 'manual' });
    expect(response.status).toBe(404);
    expect(response.headers.get('location')).toBeNull();
  });
});
