import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { join } from 'node:path';
import { songs } from '../../db/schema/index.ts';
import { filesUnder, fixture, fixtureBytes, multipart } from '../../src/testing/media-fixtures.ts';
import { loudnessFixture, taggedFlac } from '../../src/testing/loudness-fixtures.ts';
import { type TestServer, makeTempDir, startTestServer } from '../../src/testing/server.ts';

let server: TestServer;
let admin: string;
let family: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUp('uploader', { isAdmin: true });
  family = await server.signUp('listener');
});
afterAll(() => server.stop());

const media = () => join(server.dataDir, 'media');
const songCount = () => server.db.select().from(songs).all().length;

// These tests upload the same fixtures again and again: each asks for a copy (duplicates.test.ts).
function upload(name: string, filename = name, fields: Record<string, string> = {}, cookie = admin) {
  const form = new FormData();
  form.set('copy', 'true');
  form.set('file', Bun.file(fixture(name)), filename);
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return server.request('/api/upload/audio', { method: 'POST', body: form, cookie });
}

describe('POST /api/upload/audio', () => {
  test.each([
    ['plain.mp3', 'mp3'],
    ['tone.flac', 'flac'],
    ['tone.ogg', 'ogg'],
    ['tone.opus', 'opus'],
    ['tone.m4a', 'm4a'],
    ['tone.wav', 'wav'],
    ['tone.aac', 'aac'],
    // Real-world shapes players accept: padding before the first frame, an empty tag, a
    // 0.24 s mp3, FLAC inside Ogg.
    ['padded.mp3', 'mp3'],
    ['empty-tag.mp3', 'mp3'],
    ['short.mp3', 'mp3'],
    ['flac.oga', 'ogg'],
  ])('%s is sniffed as %s and playable at its audioUrl', async (name, format) => {
    const response = await upload(name, `renamed-${name}.bin`);
    expect(response.status).toBe(200);
    const song = await response.json();
    expect(song.audioUrl.endsWith(`.${format}`)).toBe(true);
    expect(song.duration).toBeGreaterThan(0.3);
    expect(song.status).toBe('pending');
    const audio = await server.request(song.audioUrl, { cookie: admin });
    expect(audio.status).toBe(200);
    expect(new Uint8Array(await audio.arrayBuffer())).toEqual(await fixtureBytes(name));
  });

  test('tags become title, artist, album, track and artwork; status published on request', async () => {
    const song = await (await upload('tagged.mp3', 'whatever.mp3', { status: 'published' })).json();
    expect(song).toMatchObject({ title: 'Hearth Tone', artist: 'Fixture Band', albumName: 'Fixture Album', albumOrder: 3, status: 'published' });
    expect(song.originalFilename).toBe('whatever.mp3');
    expect(song.fileSize).toBe((await fixtureBytes('tagged.mp3')).length);
    const art = await server.request(song.artworkUrl);
    expect(art.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await art.arrayBuffer())).toEqual(await fixtureBytes('cover.png'));
    // The same album tag links to the same album, and the same bytes are stored once.
    const again = await (await upload('tagged.mp3')).json();
    expect(again.albumId).toBe(song.albumId);
    expect(filesUnder(join(media(), 'audio')).filter((f) => f.endsWith(song.audioUrl.split('/').pop().split('.')[0]))).toHaveLength(1);
  });

  test('an absurd ReplayGain tag: the song is saved without that gain, and the answer notes it', async () => {
    const work = makeTempDir('hearth-absurd-gain-');
    const flac = taggedFlac(loudnessFixture(work, -20, 2), join(work, 'absurd.flac'), { title: 'Absurd', REPLAYGAIN_TRACK_GAIN: '+300 dB', REPLAYGAIN_ALBUM_GAIN: '-2 dB' });
    const form = new FormData();
    form.set('file', new File([readFileSync(flac)], 'absurd.flac'));
    const response = await server.request('/api/upload/audio', { method: 'POST', body: form, cookie: admin });
    rmSync(work, { recursive: true, force: true });
    expect(response.status).toBe(200);
    const song = await response.json();
    expect(song).toMatchObject({ title: 'Absurd', notes: ['ReplayGain tag ignored (track gain +300 dB): out of range; the loudness is measured instead'] });
    expect(server.db.select().from(songs).where(eq(songs.id, song.id)).get()).toMatchObject({ trackGain: null, albumGain: -2, loudnessStatus: 'pending' });
    // A file with nothing set aside answers no notes at all.
    expect('notes' in (await (await upload('plain.mp3')).json())).toBe(false);
  });

  test('no title tag: the file name without extension', async () => {
    const song = await (await upload('plain.mp3', 'Morning Walk.mp3')).json();
    expect(song.title).toBe('Morning Walk');
  });

  test('a truncated mp3 with a real header is accepted with the duration it declares', async () => {
    const response = await upload('truncated.mp3');
    expect(response.status).toBe(200);
  });

  test.each([
    ['fake.mp3', 'audio/mpeg'],
    ['image.svg', 'audio/mpeg'],
    ['cover.png', 'audio/wav'],
  ])('%s disguised as audio is refused with 415, leaving nothing behind', async (name, type) => {
    const before = songCount();
    const { body, contentType } = multipart([{ name: 'file', filename: 'song.mp3', contentType: type, value: await fixtureBytes(name) }]);
    const response = await server.request('/api/upload/audio', { method: 'POST', body, headers: { 'content-type': contentType }, cookie: admin });
    expect(response.status).toBe(415);
    expect((await response.json()).error).toBe('"song.mp3" is not a supported audio format');
    expect(songCount()).toBe(before);
    expect(filesUnder(join(media(), 'tmp'))).toEqual([]);
  });

  test.each([
    ['../../x.mp3', 'x.mp3'],
    ['evil\u202egpj.mp3', 'evilgpj.mp3'],
    [`"quoted" 'name'.mp3`, `"quoted" 'name'.mp3`],
    ['a\r\nb.mp3', 'ab.mp3'],
    ['..\\..\\win.mp3', 'win.mp3'],
  ])('hostile name %j is kept only as sanitised text', async (filename, stored) => {
    const { body, contentType } = multipart([{ name: 'copy', value: 'true' }, { name: 'file', filename, value: await fixtureBytes('plain.mp3') }]);
    const response = await server.request('/api/upload/audio', { method: 'POST', body, headers: { 'content-type': contentType }, cookie: admin });
    expect(response.status).toBe(200);
    expect((await response.json()).originalFilename).toBe(stored);
    expect(existsSync(join(server.dataDir, 'x.mp3'))).toBe(false);
    expect(existsSync(join(media(), 'x.mp3'))).toBe(false);
  });

  test('who may upload: admins only', async () => {
    expect((await upload('plain.mp3', 'a.mp3', {}, family)).status).toBe(403);
    expect((await upload('plain.mp3', 'a.mp3', {}, '')).status).toBe(401);
  });

  test('a missing file or a non-multipart body is 400', async () => {
    const form = new FormData();
    form.set('status', 'published');
    expect((await server.request('/api/upload/audio', { method: 'POST', body: form, cookie: admin })).status).toBe(400);
    expect((await server.request('/api/upload/audio', { method: 'POST', json: { file: 'x' }, cookie: admin })).status).toBe(400);
  });

  test('over 100 MB is cut off while streaming: 413, no temp file, no row', async () => {
    const before = songCount();
    const boundary = 'hearthbig';
    const chunk = new Uint8Array(1024 * 1024).fill(0x55);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.mp3"\r\n\r\n`));
        if (sent >= 101) {
          controller.enqueue(new TextEncoder().encode(`\r\n--${boundary}--\r\n`));
          controller.close();
          return;
        }
        sent += 1;
        controller.enqueue(chunk);
      },
    });
    const response = await server.request('/api/upload/audio', {
      method: 'POST',
      body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      cookie: admin,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect((await response.json()).error).toBe('The file exceeds the 100MB size limit');
    expect(sent).toBeLessThan(103);
    expect(filesUnder(join(media(), 'tmp'))).toEqual([]);
    expect(songCount()).toBe(before);
  });
});

describe('PATCH /api/songs/:id/audio', () => {
  test('replaces the audio: new URL, duration re-read, the old URL goes dead', async () => {
    const old = await (await upload('tone.wav', 'tone.wav', { status: 'published' })).json();
    const form = new FormData();
    form.set('file', Bun.file(fixture('tone.flac')), 'new.flac');
    const response = await server.request(`/api/songs/${old.id}/audio`, { method: 'PATCH', body: form, cookie: admin });
    expect(response.status).toBe(200);
    const song = await response.json();
    expect(song.id).toBe(old.id);
    expect(song.audioUrl).not.toBe(old.audioUrl);
    expect(song.audioUrl.endsWith('.flac')).toBe(true);
    expect(song.duration).toBeCloseTo(1, 1);
    expect((await server.request(old.audioUrl)).status).toBe(404);
    expect((await server.request(song.audioUrl)).status).toBe(200);
  });

  test('an unknown song is 404 and its upload leaves nothing behind; non-admins 403', async () => {
    const form = new FormData();
    form.set('file', Bun.file(fixture('tone.wav')), 'x.wav');
    expect((await server.request('/api/songs/999999/audio', { method: 'PATCH', body: form, cookie: admin })).status).toBe(404);
    expect((await server.request('/api/songs/..%2f1/audio', { method: 'PATCH', body: form, cookie: admin })).status).toBe(404);
    expect((await server.request('/api/songs/1/audio', { method: 'PATCH', body: form, cookie: family })).status).toBe(403);
    expect(filesUnder(join(media(), 'tmp'))).toEqual([]);
  });

  test('a non-audio replacement is 415 and the song keeps its audio', async () => {
    const old = await (await upload('plain.mp3', 'keep.mp3', { status: 'published' })).json();
    const form = new FormData();
    form.set('file', Bun.file(fixture('fake.mp3')), 'fake.mp3');
    expect((await server.request(`/api/songs/${old.id}/audio`, { method: 'PATCH', body: form, cookie: admin })).status).toBe(415);
    expect((await server.request(old.audioUrl)).status).toBe(200);
  });
});
