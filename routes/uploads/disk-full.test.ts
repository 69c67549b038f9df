import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, rmdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { previewUrl } from '../../media/images.ts';
import { filesUnder, fixture } from '../../src/testing/media-fixtures.ts';
import { encodeWav } from '../../media/wav.ts';
import type { SongDto } from '../../src/shared/types.ts';
import { type TestServer, startTestServer } from '../../src/testing/server.ts';

// A full disk, for real: DATA_DIR on a small tmpfs mounted for this test (as root). If the
// mount fails the test fails loudly: a skipped disk-full test proves nothing.
const mountPoint = mkdtempSync(join(tmpdir(), 'hearth-full-disk-'));
let server: TestServer;
let admin: string;
let song: SongDto;

function run(cmd: string[]) {
  const result = Bun.spawnSync(cmd, { stderr: 'pipe', stdout: 'pipe' });
  if (result.exitCode !== 0) throw new Error(`${cmd.join(' ')} failed (${result.exitCode}): ${result.stderr.toString()}`);
}

beforeAll(async () => {
  run(['mount', '-t', 'tmpfs', '-o', 'size=8m,mode=0700', 'hearth-test', mountPoint]);
  server = await startTestServer({ DATA_DIR: mountPoint });
  admin = await server.signUp('keeper', { isAdmin: true, password: 'full disk pw' });
  const form = new FormData();
  form.set('file', Bun.file(fixture('tagged.mp3')), 'before.mp3');
  form.set('status', 'published');
  song = await (await server.request('/api/upload/audio', { method: 'POST', body: form, cookie: admin })).json();
});

afterAll(async () => {
  await server?.stop();
  // Lazy: bun:sqlite may keep the closed database's file open until its statements are freed.
  run(['umount', '--lazy', mountPoint]);
  rmdirSync(mountPoint);
});

const tmpFiles = () => filesUnder(join(mountPoint, 'media', 'tmp'));
const upload = (path: string, bytes: Uint8Array) => {
  const form = new FormData();
  form.set('file', new Blob([bytes as BlobPart]), 'big.wav');
  return server.request(path, { method: 'POST', body: form, cookie: admin });
};

describe('a full disk', () => {
  test('an upload that fills the disk answers 507 and leaves no partial file', async () => {
    const big = encodeWav(new Float32Array(6 * 1024 * 1024).map((_, i) => Math.sin(i / 30)), 22050);
    const response = await upload('/api/upload/audio', big);
    expect(response.status).toBe(507);
    expect(await response.json()).toEqual({ error: 'The server is out of disk space' });
    expect(tmpFiles()).toEqual([]);
  });

  test('a guest share that fills the disk answers 507 too', async () => {
    const big = encodeWav(new Float32Array(6 * 1024 * 1024).map((_, i) => Math.cos(i / 20)), 22050);
    const form = new FormData();
    form.set('file', new Blob([big as BlobPart]), 'big.wav');
    form.set('title', 'too big for the disk');
    const response = await server.request('/api/temp-share', { method: 'POST', body: form });
    expect(response.status).toBe(507);
    expect((await response.json()).error).toBe('The server is out of disk space');
    expect(tmpFiles()).toEqual([]);
  });

  test('while the disk stays full: reads and playback work, a preview falls back to the original', async () => {
    const filler = join(mountPoint, 'filler.bin');
    try {
      writeFileSync(filler, new Uint8Array(16 * 1024 * 1024));
    } catch (error) {
      expect((error as { code?: string }).code).toBe('ENOSPC'); // the disk is now full
    }
    try {
      expect((await server.request('/api/songs', { cookie: admin })).status).toBe(200);
      const audio = await server.request(song.audioUrl, { headers: { range: 'bytes=0-9' } });
      expect(audio.status).toBe(206);
      expect((await audio.arrayBuffer()).byteLength).toBe(10);
      const preview = await server.request(previewUrl(song.artworkUrl)!);
      expect(preview.status).toBe(200);
      expect(preview.headers.get('content-type')).toBe('image/png');
      const response = await upload('/api/upload/audio', encodeWav(new Float32Array(64 * 1024), 22050));
      expect(response.status).toBe(507);
      expect(tmpFiles()).toEqual([]);
      // Database writes too: the first edit SQLite cannot store answers 507, never 500.
      let refused: Response | null = null;
      for (let i = 0; i < 1000 && !refused; i += 1) {
        const edit = await server.request(`/api/songs/${song.id}`, { method: 'PATCH', json: { tags: Array.from({ length: 50 }, (_, k) => `${i}-${k}-${'x'.repeat(90)}`) }, cookie: admin });
        if (edit.status !== 200) refused = edit;
      }
      expect(refused?.status).toBe(507);
      expect(await refused?.json()).toEqual({ error: 'The server is out of disk space' });
    } finally {
      rmSync(filler, { force: true });
    }
  });

  test('reads, playback and sign-in keep working afterwards', async () => {
    expect((await server.request('/api/songs', { cookie: admin })).status).toBe(200);
    const audio = await server.request(song.audioUrl, { headers: { range: 'bytes=0-9' } });
    expect(audio.status).toBe(206);
    expect((await audio.arrayBuffer()).byteLength).toBe(10);
    expect((await server.request(song.artworkUrl!)).status).toBe(200);
    const login = await server.request('/api/login', { method: 'POST', json: { username: 'keeper', password: 'full disk pw' } });
    expect(login.status).toBe(200);
  });
});
