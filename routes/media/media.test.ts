import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { songs, tempShares } from '../../db/schema/index.ts';
import { fixture, fixtureBytes } from '../../src/testing/media-fixtures.ts';
import { randomId } from '../../src/shared/ids.ts';
import type { SongDto } from '../../src/shared/types.ts';
import { insertSong } from '../../src/testing/factories.ts';
import { type TestServer, startTestServer } from '../../src/testing/server.ts';

let server: TestServer;
let admin: string;
let family: string;
let song: SongDto;
let size: number;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUp('boss', { isAdmin: true });
  family = await server.signUp('kid');
  song = await uploadSong('tone.flac', 'published');
  size = (await fixtureBytes('tone.flac')).length;
});
afterAll(() => server.stop());

async function uploadSong(name: string, status: string): Promise<SongDto> {
  const form = new FormData();
  form.set('file', Bun.file(fixture(name)), name);
  form.set('status', status);
  return (await server.request('/api/upload/audio', { method: 'POST', body: form, cookie: admin })).json();
}

const get = (path: string, headers: Record<string, string> = {}, cookie?: string) => server.request(path, { headers, cookie });
const setStatus = (id: number, values: Partial<typeof songs.$inferInsert>) => server.db.update(songs).set(values).where(eq(songs.id, id)).run();

describe('audio ranges and validators', () => {
  test('a whole file with its headers', async () => {
    const response = await get(song.audioUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/flac');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    // Revalidated before each use (never "immutable"): access to a song can change.
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]{64}"$/);
    expect(response.headers.get('last-modified')).toBeTruthy();
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(await fixtureBytes('tone.flac'));
  });

  test.each([
    ['bytes=0-99', 206, 0, 100],
    ['bytes=100-', 206, 100, -1],
    ['bytes=-100', 206, -100, -1],
    ['bytes=0-99999999999999', 206, 0, -1],
  ])('Range %s → %d with the right bytes', async (range, status, from, length) => {
    const response = await get(song.audioUrl, { range });
    expect(response.status).toBe(status);
    const all = await fixtureBytes('tone.flac');
    const start = from < 0 ? all.length + from : from;
    const expected = all.slice(start, length < 0 ? undefined : start + length);
    expect(response.headers.get('content-range')).toBe(`bytes ${start}-${start + expected.length - 1}/${all.length}`);
    // Once: Bun adds its own to a ranged answer ("bytes, bytes" before).
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(expected);
  });

  test('Accept-Ranges once on every answer: whole, unsatisfiable, multi-range, invalid, HEAD', async () => {
    for (const [range, status] of [['bytes=99999999-', 416], ['bytes=0-1,5-6', 200], ['bytes=5-1', 200], ['lines=1-2', 200]] as const) {
      const response = await get(song.audioUrl, { range });
      expect([range, response.status, response.headers.get('accept-ranges')]).toEqual([range, status, 'bytes']);
      await response.arrayBuffer();
    }
    const head = await server.request(song.audioUrl, { method: 'HEAD', headers: { range: 'bytes=0-9' } });
    expect(head.headers.get('accept-ranges')).toBe('bytes');
    const stale = await get(song.audioUrl, { range: 'bytes=0-9', 'if-range': '"stale"' });
    expect([stale.status, stale.headers.get('accept-ranges')]).toEqual([200, 'bytes']);
    await stale.arrayBuffer();
  });

  test.each(['bytes=-0', `bytes=${10 ** 9}-`])('unsatisfiable %s → 416 with Content-Range */size', async (range) => {
    const response = await get(song.audioUrl, { range });
    expect(response.status).toBe(416);
    expect(response.headers.get('content-range')).toBe(`bytes */${size}`);
  });

  test.each([
    ['backwards', 'bytes=100-50'],
    ['multiple', 'bytes=0-1,5-9,20-30'],
    ['huge', 'bytes=99999999999999999999999-'],
    ['other unit', 'pages=1-2'],
    ['500 ranges', `bytes=${'0-1,'.repeat(500)}2-3`],
  ])(
    'a %s range gets the whole file, never an error',
    async (_label, range) => {
      const response = await get(song.audioUrl, { range });
      expect(response.status).toBe(200);
      expect((await response.arrayBuffer()).byteLength).toBe(size);
    },
  );

  test('HEAD, If-None-Match and If-Range', async () => {
    const head = await server.request(song.audioUrl, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(size));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    const etag = head.headers.get('etag')!;
    expect((await get(song.audioUrl, { 'if-none-match': etag })).status).toBe(304);
    const fresh = await get(song.audioUrl, { range: 'bytes=0-9', 'if-range': etag });
    expect(fresh.status).toBe(206);
    const stale = await get(song.audioUrl, { range: 'bytes=0-9', 'if-range': '"old"' });
    expect(stale.status).toBe(200);
    expect((await stale.arrayBuffer()).byteLength).toBe(size);
  });
});

describe('audio access', () => {
  test('unpublishing, trashing or deleting cuts the URL off at once', async () => {
    const target = await uploadSong('tone.ogg', 'published');
    expect((await get(target.audioUrl)).status).toBe(200);
    setStatus(target.id, { status: 'pending' });
    expect((await get(target.audioUrl)).status).toBe(404);
    expect((await get(target.audioUrl, {}, family)).status).toBe(404);
    expect((await get(target.audioUrl, {}, admin)).status).toBe(200);
    setStatus(target.id, { status: 'published', deletedAt: new Date() });
    expect((await get(target.audioUrl, { range: 'bytes=0-9' })).status).toBe(404);
    server.db.delete(songs).where(eq(songs.id, target.id)).run();
    expect((await get(target.audioUrl, {}, admin)).status).toBe(404);
  });

  test('a copy a browser kept is revalidated: 304 while the song is live, 404 once unpublished or trashed', async () => {
    const target = await uploadSong('tone.ogg', 'published');
    const first = await get(target.audioUrl, { range: 'bytes=0-9' }, family);
    expect(first.status).toBe(206);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const etag = first.headers.get('etag')!;
    // What a browser sends for its copy: a 304, and ranges of it still 206 through If-Range.
    const revalidated = await get(target.audioUrl, { 'if-none-match': etag }, family);
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('cache-control')).toBe('private, no-cache');
    expect((await get(target.audioUrl, { range: 'bytes=10-19', 'if-range': etag }, family)).status).toBe(206);
    setStatus(target.id, { status: 'pending' });
    expect((await get(target.audioUrl, { 'if-none-match': etag }, family)).status).toBe(404);
    expect((await get(target.audioUrl, { range: 'bytes=10-19', 'if-range': etag }, family)).status).toBe(404);
    setStatus(target.id, { status: 'published', deletedAt: new Date() });
    expect((await get(target.audioUrl, { 'if-none-match': etag }, family)).status).toBe(404);
  });

  test('a temporary share’s audio is revalidated too', async () => {
    const hash = song.audioUrl.split('/').pop()!.split('.')[0]!;
    const shareId = randomId();
    server.db
      .insert(tempShares)
      .values({ shareId, title: 'Soon gone', audioHash: hash, audioFormat: 'flac', expiresAt: new Date(server.now() + 60_000) })
      .run();
    const url = `/media/shares/${shareId}/${hash}.flac`;
    const first = await get(url, { range: 'bytes=0-9' });
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    expect((await get(url, { 'if-none-match': first.headers.get('etag')! })).status).toBe(304);
    server.advance(61_000);
    expect((await get(url, { 'if-none-match': first.headers.get('etag')! })).status).toBe(404);
  });

  test('the hash and format must be the song’s current ones', async () => {
    const [, , , shareId, file] = song.audioUrl.split('/');
    const hash = file!.split('.')[0]!;
    expect((await get(`/media/songs/${shareId}/${hash}.mp3`)).status).toBe(404);
    expect((await get(`/media/songs/${shareId}/${'0'.repeat(64)}.flac`)).status).toBe(404);
    expect((await get(`/media/songs/${randomId()}/${hash}.flac`)).status).toBe(404);
  });

  test.each([
    '/media/songs/..%2f..%2f/hearth.db',
    '/media/songs/%2e%2e/%2e%2e%2fhearth.db',
    '/media/songs/x/..%252f..%252fhearth.db',
    '/media/songs/AAAAAAAAAAAAAAAAAAAAAA/..%00.mp3',
    '/media/audio/00/0000',
    '/media/shares/..%2f/secret.key',
    '/objects/images/..%2f..%2fhearth.db',
    '/objects/images/%2e%2e%2f%2e%2e%2fsecret.key',
    '/objects/images/..%252fsecret.key',
    `/objects/images/${'a'.repeat(64)}.png%00.html`,
    '/objects/previews/..%2fx.jpg',
    '/objects/../secret.key',
    '/objects/%2e%2e/secret.key',
  ])('traversal attempt %s is a plain 404', async (path) => {
    const response = await fetch(server.url + path);
    expect(response.status).toBe(404);
    const text = await response.text();
    expect(text).not.toContain(await Bun.file(`${server.dataDir}/secret.key`).text());
  });

  test('a temporary share’s audio dies with its expiry', async () => {
    const hash = song.audioUrl.split('/').pop()!.split('.')[0]!;
    const shareId = randomId();
    server.db
      .insert(tempShares)
      .values({ shareId, title: 'Soon gone', audioHash: hash, audioFormat: 'flac', expiresAt: new Date(server.now() + 60_000) })
      .run();
    const url = `/media/shares/${shareId}/${hash}.flac`;
    expect((await get(url, { range: 'bytes=0-9' })).status).toBe(206);
    server.advance(61_000);
    expect((await get(url)).status).toBe(404);
  });
});

describe('in-place audio (cli import --in-place)', () => {
  test('a file removed from the family folder is 404 at once, even right after it played', async () => {
    const folder = join(server.dataDir, 'family-folder');
    mkdirSync(folder, { recursive: true });
    const path = join(folder, 'kept.flac');
    copyFileSync(fixture('tone.flac'), path);
    const row = insertSong(server.db, { audioPath: path, audioHash: song.audioUrl.split('/').pop()!.split('.')[0]!, audioFormat: 'flac', status: 'published' });
    const url = `/media/songs/${row.shareId}/${row.audioHash}.flac`;
    expect((await get(url, { range: 'bytes=0-3' })).status).toBe(206);
    rmSync(path);
    const gone = await get(url, { range: 'bytes=0-3' });
    expect(gone.status).toBe(404);
    expect((await gone.json()).error).toBe('File not found');
  });
});

describe('GET /objects', () => {
  test('uploaded images: right type, nosniff, long caching; a 512×512 preview', async () => {
    const form = new FormData();
    form.set('file', Bun.file(fixture('cover.png')), 'cover.gif');
    const { objectPath } = await (await server.request('/api/upload/image', { method: 'POST', body: form, cookie: admin })).json();
    expect(objectPath).toMatch(/^\/objects\/images\/[0-9a-f]{64}\.png$/);
    const image = await get(objectPath);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const { previewUrl } = await import('../../media/images.ts');
    const preview = await get(previewUrl(objectPath)!);
    expect(preview.headers.get('content-type')).toBe('image/jpeg');
    const { Jimp } = await import('jimp');
    const decoded = await Jimp.read(Buffer.from(await preview.arrayBuffer()));
    expect([decoded.width, decoded.height]).toEqual([512, 512]);
  });

  test.each([['image.svg'], ['fake.mp3'], ['tone.wav']])('%s as an image is 415', async (name) => {
    const form = new FormData();
    form.set('file', Bun.file(fixture(name)), 'x.png');
    const response = await server.request('/api/upload/image', { method: 'POST', body: form, cookie: admin });
    expect(response.status).toBe(415);
    expect((await server.request('/api/upload/image', { method: 'POST', body: form, cookie: family })).status).toBe(403);
  });
});

describe("the gapless player's fragmented copies", () => {
  const boxes = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);
  let m4a: SongDto;

  test('AAC and FLAC come as fragmented MP4 (made once, same access as the audio); MP3 has none', async () => {
    m4a = await uploadSong('tone.m4a', 'published');
    // The upload read the trim the copy is cut by: AAC priming and padding, in samples.
    expect(m4a.encoderTrim).toEqual({ delay: 1024, padding: 478, sampleRate: 22_050 });
    expect(song.encoderTrim).toEqual({ delay: 0, padding: 0, sampleRate: 22_050 });
    for (const url of [song.audioUrl, m4a.audioUrl]) {
      const response = await get(`${url}/fragments`, {}, family);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('audio/mp4');
      const text = boxes(new Uint8Array(await response.arrayBuffer()));
      expect(text).toContain('moov');
      expect(text).toContain('moof');
      expect((await get(`${url}/fragments`, {}, family)).status).toBe(200);
    }
    const mp3 = await uploadSong('plain.mp3', 'published');
    const refused = await get(`${mp3.audioUrl}/fragments`, {}, family);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toEqual({ error: 'Audio not found' });
  });

  test('an unpublished song has no copy for the family (a guest is answered as for the audio itself)', async () => {
    setStatus(m4a.id, { status: 'pending' });
    const pending = m4a;
    expect((await get(`${pending.audioUrl}/fragments`, {}, family)).status).toBe(404);
    expect((await get(`${pending.audioUrl}/fragments`)).status).toBe(404);
    expect((await get(`${song.audioUrl}/fragments`)).status).toBe((await get(song.audioUrl)).status);
    expect((await get(`${pending.audioUrl}/fragments`, {}, admin)).status).toBe(200);
  });
});
