import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { loudnessJob } from '../../src/jobs/loudness.ts';
import { parseConfig } from '../../src/config.ts';
import { createLogger } from '../../src/logger.ts';
import type { NewAppPasswordDto, SongDto } from '../../src/shared/types.ts';
import { ffmpegLoudness, loudnessFixture, taggedFlac } from '../../src/testing/loudness-fixtures.ts';
import { type TestServer, makeTempDir, startTestServer } from '../../src/testing/server.ts';

let server: TestServer;
let password: string;
let quiet: SongDto;
let quietLufs: number;
const work = makeTempDir('hearth-replay-gain-');

const rest = (method: string, query: Record<string, string | number>) =>
  server.request(`/rest/${method}?${new URLSearchParams({ u: 'dad', p: password, v: '1.16.1', c: 'test', f: 'json', ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) })}`);

/** The loudness ffmpeg reads in what stream sent. */
async function streamedLoudness(query: Record<string, string | number>): Promise<number> {
  const response = await rest('stream', query);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('audio/mpeg');
  const file = join(work, `out-${crypto.randomUUID()}.mp3`);
  await Bun.write(file, await response.arrayBuffer());
  return ffmpegLoudness(file);
}

beforeAll(async () => {
  server = await startTestServer();
  const admin = await server.signUp('dad', { isAdmin: true });
  const created = await server.request('/api/app-passwords', { method: 'POST', json: { name: 'Phone' }, cookie: admin });
  password = ((await created.json()) as NewAppPasswordDto).password;
  const flac = taggedFlac(loudnessFixture(work, -30, 8), join(work, 'quiet.flac'), { title: 'Quiet' });
  quietLufs = ffmpegLoudness(flac);
  const form = new FormData();
  form.set('status', 'published');
  form.set('file', new File([readFileSync(flac)], basename(flac)));
  const uploaded = await server.request('/api/upload/audio', { method: 'POST', body: form, cookie: admin });
  expect(uploaded.status).toBe(200);
  quiet = (await uploaded.json()) as SongDto;
  await loudnessJob.run({ db: server.db, config: parseConfig({}), storage: server.storage, log: createLogger('silent'), now: Date.now }, new AbortController().signal);
});
afterAll(async () => {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
});

describe('stream with replayGain: a levelled transcode', () => {
  test('a -30 LUFS song comes out at the -18 LUFS reference when asked, untouched when not; each cached apart', async () => {
    expect(Math.abs(quietLufs - -30)).toBeLessThan(0.2);
    const plain = await streamedLoudness({ id: quiet.id, format: 'mp3', maxBitRate: 192 });
    expect(Math.abs(plain - quietLufs)).toBeLessThanOrEqual(1);
    const levelled = await streamedLoudness({ id: quiet.id, format: 'mp3', maxBitRate: 192, replayGain: 'track' });
    expect(Math.abs(levelled - -18)).toBeLessThanOrEqual(1);
    // A single song has no album: album gain falls back to the track's.
    const album = await streamedLoudness({ id: quiet.id, format: 'mp3', maxBitRate: 192, replayGain: 'album' });
    expect(Math.abs(album - -18)).toBeLessThanOrEqual(1);
    const cached = readdirSync(join(server.dataDir, 'cache', 'transcodes')).filter((name) => name.endsWith('.mp3'));
    expect(cached).toHaveLength(2);
    // Served again from the cache, each still at its own level.
    expect(Math.abs((await streamedLoudness({ id: quiet.id, format: 'mp3', maxBitRate: 192, replayGain: 'track' })) - -18)).toBeLessThanOrEqual(1);
    expect(Math.abs((await streamedLoudness({ id: quiet.id, format: 'mp3', maxBitRate: 192 })) - quietLufs)).toBeLessThanOrEqual(1);
  });

  test('an unknown replayGain value is a clear error; the original is never altered', async () => {
    const wrong = await rest('stream', { id: quiet.id, format: 'mp3', replayGain: 'loud' });
    expect(((await wrong.json()) as { 'subsonic-response': { error: { message: string } } })['subsonic-response'].error.message).toBe('Invalid replayGain: loud is not track or album');
    const raw = await rest('stream', { id: quiet.id, format: 'raw', replayGain: 'track' });
    expect(raw.headers.get('content-type')).toBe('audio/flac');
  });
});
