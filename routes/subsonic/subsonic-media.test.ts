import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { SubsonicAPI } from 'subsonic-api';
import { openDataDir } from '../../src/data-dir.ts';
import { createApp } from '../../src/compose/app.ts';
import { parseConfig } from '../../src/config.ts';
import { createLogger } from '../../src/logger.ts';
import { listen } from '../../src/compose/server.ts';
import { readImageSize, bytesReader } from '../../media/image-size.ts';
import { TRANSCODE_WAITING_PER_SLOT, estimatedBytes } from '../../media/transcode.ts';
import { createUser } from '../../src/services/accounts/users.ts';
import type { NewAppPasswordDto, SongDto } from '../../src/shared/types.ts';
import { makeTempDir, type TestServer, startTestServer } from '../../src/testing/server.ts';

const TESTDATA = join(import.meta.dir, '../../media/testdata');
let server: TestServer;
let admin: string;
let password: string;
let phone: SubsonicAPI;
let long: SongDto;
let longBytes: Uint8Array<ArrayBuffer>;
let pending: SongDto;
let work: string;

/** A real FLAC of `seconds` of a stereo tone, made by ffmpeg (long enough to be worth converting). */
async function makeFlac(seconds: number, name: string, sampleRate = 44100, channels = 2): Promise<string> {
  const path = join(work, name);
  const proc = Bun.spawn(['ffmpeg', '-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}:sample_rate=${sampleRate}`, '-ac', String(channels), '-c:a', 'flac', path]);
  expect(await proc.exited).toBe(0);
  return path;
}

/** A server with an admin 'dad' and his app password; the file's own unless a test starts one. */
interface Target {
  server: TestServer;
  admin: string;
  password: string;
}

async function signedUp(target: TestServer): Promise<Target> {
  const cookie = await target.signUp('dad', { isAdmin: true });
  const created = await target.request('/api/app-passwords', { method: 'POST', json: { name: 'Phone' }, cookie });
  return { server: target, admin: cookie, password: ((await created.json()) as NewAppPasswordDto).password };
}

const main = (): Target => ({ server, admin, password });

async function upload(path: string, status: 'published' | 'pending' = 'published', to: Target = main()): Promise<SongDto> {
  const form = new FormData();
  form.set('status', status);
  form.set('file', new File([readFileSync(path)], path.split('/').pop()!));
  const response = await to.server.request('/api/upload/audio', { method: 'POST', body: form, cookie: to.admin });
  expect(response.status).toBe(200);
  return (await response.json()) as SongDto;
}

async function ffprobe(bytes: Uint8Array): Promise<{ codec: string; bitRate: number; duration: number }> {
  const file = join(work, `probe-${crypto.randomUUID()}`);
  await Bun.write(file, bytes);
  const proc = Bun.spawn(['ffprobe', '-v', 'error', '-show_entries', 'stream=codec_name,bit_rate:format=duration', '-of', 'json', file], { stdout: 'pipe' });
  const out = JSON.parse(await new Response(proc.stdout).text()) as { streams: { codec_name: string; bit_rate?: string }[]; format: { duration: string } };
  return { codec: out.streams[0]!.codec_name, bitRate: Number(out.streams[0]!.bit_rate ?? 0), duration: Number(out.format.duration) };
}

const rest = (method: string, query: Record<string, string | number>, init: RequestInit = {}, to: Target = main()) =>
  to.server.request(`/rest/${method}?${new URLSearchParams({ u: 'dad', p: to.password, v: '1.16.1', c: 'test', f: 'json', ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) })}`, init);

beforeAll(async () => {
  server = await startTestServer();
  work = makeTempDir('hearth-transcode-');
  ({ admin, password } = await signedUp(server));
  phone = new SubsonicAPI({ url: server.url, auth: { username: 'dad', password } });
  const flac = await makeFlac(20, 'long.flac');
  longBytes = new Uint8Array(readFileSync(flac));
  long = await upload(flac);
  pending = await upload(join(TESTDATA, 'tone.ogg'), 'pending');
});
afterAll(async () => {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
});

describe('stream and download: the original', () => {
  test('a range through the client library, as /media answers it', async () => {
    const response = await phone.stream({ id: String(long.id) } as any);
    expect(response.headers.get('content-type')).toBe('audio/flac');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(longBytes);
    const ranged = await rest('stream', { id: long.id }, { headers: { range: 'bytes=100-199' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 100-199/${longBytes.length}`);
    expect(new Uint8Array(await ranged.arrayBuffer())).toEqual(longBytes.subarray(100, 200));
    const media = await server.request(long.audioUrl, { headers: { range: 'bytes=100-199' } });
    expect(media.headers.get('content-range')).toBe(ranged.headers.get('content-range'));
    const unsatisfiable = await rest('stream', { id: long.id }, { headers: { range: `bytes=${longBytes.length + 10}-` } });
    expect(unsatisfiable.status).toBe(416);
  });

  test('HEAD answers the length without the bytes; download is always the original', async () => {
    const head = await rest('stream', { id: long.id }, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBe(longBytes.length);
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    const download = await rest('download', { id: long.id, format: 'mp3', maxBitRate: 64 });
    expect(download.headers.get('content-type')).toBe('audio/flac');
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="long.flac"');
    expect((await download.arrayBuffer()).byteLength).toBe(longBytes.length);
    const etag = download.headers.get('etag')!;
    // The ETag changes with the audio but never tells its content hash.
    expect(etag).not.toContain(long.audioUrl.split('/').pop()!.split('.')[0]!);
    expect((await rest('download', { id: long.id }, { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  test("download names the file by its own name, a non-ASCII one in UTF-8 (RFC 5987) beside an ASCII fallback", async () => {
    const song = await upload(await makeFlac(2, 'Café Ünïcødé.flac'));
    const download = await rest('download', { id: song.id });
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="Caf_ _n_c_d_.flac"; filename*=UTF-8''Caf%C3%A9%20%C3%9Cn%C3%AFc%C3%B8d%C3%A9.flac`,
    );
  });

  test('a pending song cannot be streamed, downloaded or pictured (70)', async () => {
    for (const method of ['stream', 'download', 'getCoverArt']) {
      const body = (await (await rest(method, { id: pending.id })).json()) as any;
      expect(body['subsonic-response'].error.code).toBe(70);
    }
  });
});

describe('transcoding', () => {
  test('/healthz says ffmpeg was found', async () => {
    const health = (await (await server.request('/healthz')).json()) as any;
    expect(health.ffmpeg).toMatchObject({ available: true });
    expect(health.ffmpeg.version).toMatch(/\d/);
  });

  test('mp3 at 128 kbit/s streams as it encodes; ffprobe reads it back at that rate; then it is cached with ranges', async () => {
    const response = await phone.stream({ id: String(long.id), format: 'mp3', maxBitRate: 128 } as any);
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    expect(response.headers.get('accept-ranges')).toBe('none');
    const bytes = new Uint8Array(await response.arrayBuffer());
    const probed = await ffprobe(bytes);
    expect(probed.codec).toBe('mp3');
    expect(probed.bitRate).toBe(128_000);
    expect(Math.abs(probed.duration - 20)).toBeLessThan(0.2);
    const cacheDir = join(server.dataDir, 'cache', 'transcodes');
    expect(readdirSync(cacheDir).filter((name) => name.endsWith('.mp3'))).toHaveLength(1);
    const again = await rest('stream', { id: long.id, format: 'mp3', maxBitRate: 128 }, { headers: { range: 'bytes=0-9' } });
    expect(again.status).toBe(206);
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(bytes.subarray(0, 10));
  });

  test('maxBitRate alone converts to mp3, rounded down to a standard rate; opus on request', async () => {
    const mp3 = await rest('stream', { id: long.id, maxBitRate: 100 });
    expect(mp3.headers.get('content-type')).toBe('audio/mpeg');
    expect((await ffprobe(new Uint8Array(await mp3.arrayBuffer()))).bitRate).toBe(96_000);
    const opus = await rest('stream', { id: long.id, format: 'opus', maxBitRate: 64 });
    expect(opus.headers.get('content-type')).toBe('audio/ogg');
    expect((await ffprobe(new Uint8Array(await opus.arrayBuffer()))).codec).toBe('opus');
    // format=raw is always the original.
    expect((await rest('stream', { id: long.id, format: 'raw', maxBitRate: 64 })).headers.get('content-type')).toBe('audio/flac');
  });

  test('estimateContentLength: a length is given (the estimate for HEAD) and kept', async () => {
    const head = await rest('stream', { id: long.id, format: 'mp3', maxBitRate: 48, estimateContentLength: 'true' }, { method: 'HEAD' });
    expect(Number(head.headers.get('content-length'))).toBe(estimatedBytes(long.duration, 48));
    const response = await rest('stream', { id: long.id, format: 'mp3', maxBitRate: 48, estimateContentLength: 'true' });
    const promised = Number(response.headers.get('content-length'));
    expect(Math.abs(promised - estimatedBytes(long.duration, 48)) / promised).toBeLessThan(0.02);
    expect((await response.arrayBuffer()).byteLength).toBe(promised);
    expect(response.headers.get('transfer-encoding')).toBeNull();
  });

  test('timeOffset starts the conversion that many seconds in (transcodeOffset); the whole song is still whole', async () => {
    const part = await rest('stream', { id: long.id, format: 'opus', maxBitRate: 96, timeOffset: 15 });
    expect(part.status).toBe(200);
    expect(part.headers.get('x-content-duration')).toBe('5.00');
    expect(Math.abs((await ffprobe(new Uint8Array(await part.arrayBuffer()))).duration - 5)).toBeLessThan(0.3);
    const whole = await rest('stream', { id: long.id, format: 'opus', maxBitRate: 96 });
    expect(Math.abs((await ffprobe(new Uint8Array(await whole.arrayBuffer()))).duration - 20)).toBeLessThan(0.3);
    const extensions = (await (await server.request('/rest/getOpenSubsonicExtensions?f=json')).json()) as any;
    expect(extensions['subsonic-response'].openSubsonicExtensions).toContainEqual({ name: 'transcodeOffset', versions: [1] });
  });

  test('a mono song converts to opus at every rate, 320 too', async () => {
    const mono = await upload(await makeFlac(3, 'mono.flac', 22050, 1));
    const response = await rest('stream', { id: mono.id, format: 'opus', maxBitRate: 320 });
    expect(response.status).toBe(200);
    expect((await ffprobe(new Uint8Array(await response.arrayBuffer()))).codec).toBe('opus');
  });

  test('eight phones asking for opus at once all get their song, in full', async () => {
    const song = await upload(await makeFlac(10, 'family.flac'));
    const rates = [32, 48, 64, 96, 128, 160, 192, 256];
    const answers = await Promise.all(
      rates.map(async (rate) => {
        const response = await rest('stream', { id: song.id, format: 'opus', maxBitRate: rate });
        return { status: response.status, type: response.headers.get('content-type'), bytes: new Uint8Array(await response.arrayBuffer()) };
      }),
    );
    for (const answer of answers) {
      expect(answer).toMatchObject({ status: 200, type: 'audio/ogg' });
      const probed = await ffprobe(answer.bytes);
      expect(probed.codec).toBe('opus');
      expect(Math.abs(probed.duration - 10)).toBeLessThan(0.3);
    }
  });

  test('beyond TRANSCODE_LIMIT conversions requests wait in line; a clear error only when the line is full; leaving frees a place', async () => {
    // A server converting one song at a time (TRANSCODE_LIMIT): the line is the same at any
    // size, and a small one keeps this test light on a loaded machine.
    const slots = 1;
    const small = await signedUp(await startTestServer({ TRANSCODE_LIMIT: String(slots) }));
    const at = (method: string, query: Record<string, string | number>, init: RequestInit) => rest(method, query, init, small);
    // Ten minutes at 320 kbit/s is megabytes more than the server runs ahead and loopback buffers
    // take unread (a small mono file: the bit rate asked for sets the size).
    const longer = await upload(await makeFlac(600, 'longer.flac', 8000, 1), 'published', small);
    // Each on its own connection, dropped by aborting (a cancelled body could go back to the pool).
    const leave = new AbortController();
    const own = (signal: AbortSignal) => ({ headers: { connection: 'close' }, keepalive: false, signal });
    // Different offsets so none comes from the cache; the bodies are not read, so ffmpeg waits.
    const held = await Promise.all(
      Array.from({ length: slots }, (_, i) => at('stream', { id: longer.id, format: 'opus', maxBitRate: 320, timeOffset: i }, own(leave.signal))),
    );
    for (const response of held) expect(response.headers.get('content-type')).toBe('audio/ogg');
    // Every conversion is busy: these wait (distinct offsets, so none is the same encoding).
    const line = new AbortController();
    const waiting = Array.from({ length: TRANSCODE_WAITING_PER_SLOT * slots }, (_, i) =>
      at('stream', { id: longer.id, format: 'opus', maxBitRate: 64, timeOffset: 100 + i }, own(line.signal)),
    );
    // Once the line is full the next is refused at once; until then a probe waits too and is
    // withdrawn. Each probe is given longer, so a loaded machine's slow refusal is still seen.
    let refused: Response | undefined;
    for (let tries = 0; tries < 40 && !refused; tries++) {
      const probe = new AbortController();
      const patience = Math.min(500 * 1.5 ** tries, 8000);
      const answer = await Promise.race([at('stream', { id: longer.id, format: 'opus', maxBitRate: 32 }, own(probe.signal)), Bun.sleep(patience).then(() => undefined)]);
      if (answer) refused = answer;
      else probe.abort();
    }
    expect(refused!.status).toBe(503);
    expect(refused!.headers.get('retry-after')).toBe('5');
    const body = (await refused!.json()) as any;
    expect(body['subsonic-response'].error.message).toBe(
      `The server is already converting ${slots} songs with ${TRANSCODE_WAITING_PER_SLOT * slots} more waiting, as many as it can take. Try again in a moment, or play the original quality.`,
    );
    // The aborted bodies fail as they should; their errors are expected, not unhandled.
    for (const response of held) void response.arrayBuffer().catch(() => undefined);
    for (const answer of waiting) void answer.then((response) => response.arrayBuffer()).catch(() => undefined);
    leave.abort();
    // The first in line gets the freed conversion.
    const first = await waiting[0]!;
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('audio/ogg');
    line.abort();
    // Everyone left: a new request is served (polled: the server notices the dropped connections).
    let next: Response | undefined;
    let again = new AbortController();
    for (let tries = 0; tries < 100 && next?.status !== 200; tries++) {
      again = new AbortController();
      const patience = Math.min(200 * 1.5 ** tries, 8000);
      const answer = await Promise.race([at('stream', { id: longer.id, format: 'opus', maxBitRate: 48 }, own(again.signal)), Bun.sleep(patience).then(() => undefined)]);
      if (answer) next = answer;
      if (answer?.status !== 200) again.abort();
    }
    expect(next!.status).toBe(200);
    void next!.arrayBuffer().catch(() => undefined);
    again.abort();
    await small.server.stop();
  });
});

describe('getCoverArt', () => {
  test('the artwork at a size (a cached square JPEG), or the original without one', async () => {
    const form = new FormData();
    form.set('file', new File([readFileSync(join(TESTDATA, 'cover.png'))], 'cover.png'));
    const { objectPath } = (await (await server.request('/api/upload/image', { method: 'POST', body: form, cookie: admin })).json()) as { objectPath: string };
    expect((await server.request(`/api/songs/${long.id}`, { method: 'PATCH', json: { artworkUrl: objectPath }, cookie: admin })).status).toBe(200);
    const song = ((await phone.getSong({ id: String(long.id) })) as any).song;
    const small = await phone.getCoverArt({ id: song.coverArt, size: 60 } as any);
    expect(small.headers.get('content-type')).toBe('image/jpeg');
    const bytes = new Uint8Array(await small.arrayBuffer());
    expect(await readImageSize(bytesReader(bytes), 'jpg')).toEqual({ width: 64, height: 64 });
    expect(existsSync(join(server.dataDir, 'cache', 'covers'))).toBe(true);
    const original = await rest('getCoverArt', { id: song.coverArt });
    expect(original.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await original.arrayBuffer())).toEqual(new Uint8Array(readFileSync(join(TESTDATA, 'cover.png'))));
    const missing = (await (await rest('getCoverArt', { id: 'al-99999' })).json()) as any;
    expect(missing['subsonic-response'].error.code).toBe(70);
  });

  test("an album's, an artist's and a playlist's cover are their songs' artwork", async () => {
    const album = (await (await server.request('/api/albums', { method: 'POST', json: { name: 'Tones' }, cookie: admin })).json()) as { id: number };
    expect((await server.request(`/api/songs/${long.id}`, { method: 'PATCH', json: { albumId: album.id }, cookie: admin })).status).toBe(200);
    const playlist = (await (await server.request('/api/playlists', { method: 'POST', json: { name: 'Mine' }, cookie: admin })).json()) as { id: number };
    await server.request(`/api/playlists/${playlist.id}/songs`, { method: 'POST', json: { songId: long.id }, cookie: admin });
    const shown = ((await phone.getAlbum({ id: `al-${album.id}` })) as any).album;
    const artist = ((await phone.getArtist({ id: shown.artistId })) as any).artist;
    const listed = ((await phone.getPlaylist({ id: String(playlist.id) })) as any).playlist;
    const original = new Uint8Array(readFileSync(join(TESTDATA, 'cover.png')));
    for (const id of [shown.coverArt, artist.coverArt, listed.coverArt]) {
      expect(id).toBeDefined();
      const response = await rest('getCoverArt', { id });
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(original);
    }
  });
});

describe('without ffmpeg', () => {
  test('the original is served whatever is asked, and /healthz says so', async () => {
    const dataDir = makeTempDir();
    const config = parseConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0' });
    const { handle, secret } = openDataDir(dataDir);
    const app = createApp({ config, db: handle.db, secret, log: createLogger('silent'), ffmpeg: null });
    listen(app, config.host, config.port);
    const url = `http://127.0.0.1:${app.server!.port}`;
    try {
      await createUser(handle.db, { username: 'mum', password: 'web pass 1', isAdmin: true });
      const login = await fetch(`${url}/api/login`, { method: 'POST', body: JSON.stringify({ username: 'mum', password: 'web pass 1' }), headers: { 'content-type': 'application/json' } });
      const cookie = login.headers.getSetCookie().find((line) => line.startsWith('hearth_session='))!.split(';')[0]!;
      const created = (await (await fetch(`${url}/api/app-passwords`, { method: 'POST', body: JSON.stringify({ name: 'x' }), headers: { 'content-type': 'application/json', cookie } })).json()) as NewAppPasswordDto;
      const form = new FormData();
      form.set('status', 'published');
      form.set('file', new File([longBytes], 'long.flac'));
      const song = (await (await fetch(`${url}/api/upload/audio`, { method: 'POST', body: form, headers: { cookie } })).json()) as SongDto;
      const client = new SubsonicAPI({ url, auth: { username: 'mum', password: created.password } });
      const response = await client.stream({ id: String(song.id), format: 'mp3', maxBitRate: 128 } as any);
      expect(response.headers.get('content-type')).toBe('audio/flac');
      expect((await response.arrayBuffer()).byteLength).toBe(longBytes.length);
      expect(((await (await fetch(`${url}/healthz`)).json()) as any).ffmpeg).toEqual({ available: false });
    } finally {
      await app.stop(true);
      handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
