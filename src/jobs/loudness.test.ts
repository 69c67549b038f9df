import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { eq } from 'drizzle-orm';
import { loudnessProgress } from '../../db/queries/loudness.ts';
import { songs } from '../../db/schema/index.ts';
import { parseConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { albumLoudness } from '../shared/loudness.ts';
import type { SongDto } from '../shared/types.ts';
import { ffmpegLoudness, loudnessFixture, taggedFlac } from '../testing/loudness-fixtures.ts';
import { insertSong } from '../testing/factories.ts';
import { type TestServer, makeTempDir, startTestServer } from '../testing/server.ts';
import { loudnessJob } from './loudness.ts';

let server: TestServer;
let admin: string;
const work = makeTempDir('hearth-loudness-job-');

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUp('ada', { isAdmin: true });
});
afterAll(async () => {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
});

async function upload(path: string, method = 'POST', url = '/api/upload/audio'): Promise<SongDto> {
  const form = new FormData();
  form.set('status', 'published');
  form.set('file', new File([readFileSync(path)], basename(path)));
  const response = await server.request(url, { method, body: form, cookie: admin });
  expect(response.status).toBe(200);
  return (await response.json()) as SongDto;
}

const row = (id: number) => server.db.select().from(songs).where(eq(songs.id, id)).get()!;
const runJob = () => loudnessJob.run({ db: server.db, config: parseConfig({}), storage: server.storage, log: createLogger('silent'), now: Date.now }, new AbortController().signal);

describe('the loudness job', () => {
  test('keeps the ReplayGain tags until it measures each song, its album, and a failure with its reason', async () => {
    const targets = [-14, -23, -30];
    const files = targets.map((lufs) => taggedFlac(loudnessFixture(work, lufs), join(work, `album-${lufs}.flac`), { album: 'Loud and Soft', title: `At ${lufs}`, REPLAYGAIN_TRACK_GAIN: '-2.50 dB', REPLAYGAIN_TRACK_PEAK: '0.5' }));
    const uploaded = [];
    for (const file of files) uploaded.push(await upload(file));
    const broken = row(uploaded[0]!.id);
    expect(broken).toMatchObject({ loudnessStatus: 'pending', trackGain: -2.5, albumGain: -2.5, trackPeak: 0.5 });

    // One song's audio goes missing: its measurement fails and says why.
    const lost = await upload(taggedFlac(loudnessFixture(work, -20, 2), join(work, 'lost.flac'), { title: 'Lost' }));
    await server.storage.audio.remove(row(lost.id).audioHash);

    await runJob();
    const readings = files.map(ffmpegLoudness);
    uploaded.forEach((song, i) => {
      const measured = row(song.id);
      expect(measured.loudnessStatus).toBe('measured');
      expect(Math.abs(measured.trackGain! - (-18 - readings[i]!))).toBeLessThanOrEqual(0.5);
      expect(measured.trackPeak!).toBeGreaterThan(0);
    });
    const album = albumLoudness(readings.map((loudness) => ({ loudness, duration: 6 })))!;
    for (const song of uploaded) expect(Math.abs(row(song.id).albumGain! - (-18 - album))).toBeLessThanOrEqual(0.5);
    expect(row(lost.id)).toMatchObject({ loudnessStatus: 'failed', loudnessError: 'The audio file is missing' });
    expect(loudnessProgress(server.db)).toEqual({ measured: 3, pending: 0, failed: 1, failures: [{ id: lost.id, title: 'Lost', reason: 'The audio file is missing' }] });
  });

  test('replaced audio is pending again with its new tags, then measured anew', async () => {
    const song = await upload(taggedFlac(loudnessFixture(work, -23), join(work, 'first.flac'), { title: 'Replaced' }));
    await runJob();
    expect(row(song.id).loudnessStatus).toBe('measured');
    const louder = taggedFlac(loudnessFixture(work, -14), join(work, 'second.flac'), { title: 'Replaced', REPLAYGAIN_TRACK_GAIN: '-4.00 dB' });
    await upload(louder, 'PATCH', `/api/songs/${song.id}/audio`);
    expect(row(song.id)).toMatchObject({ loudnessStatus: 'pending', trackGain: -4, loudness: null });
    await runJob();
    expect(row(song.id).loudnessStatus).toBe('measured');
    expect(Math.abs(row(song.id).trackGain! - (-18 - ffmpegLoudness(louder)))).toBeLessThanOrEqual(0.5);
  });

  // Without the job's turn between songs, its loop never lets the server answer until the last of
  // the 1,000 failures (checked: the request then loses the race). Its own time limit: 1,000
  // committed writes are about 2 s on an idle 2-core box and many times that beside other tests.
  test('a run of quick failures (a lost media folder) still lets the server answer meanwhile', async () => {
    // Each failure is found without waiting on the disk; the job must still give requests a turn.
    server.db.transaction(() => {
      for (let i = 0; i < 1000; i += 1) insertSong(server.db, { title: `Missing ${i}`, audioHash: `${i}`.padStart(64, 'f') });
    });
    const job = Promise.resolve(runJob()).then(() => 'job');
    const health = server.request('/healthz').then((response) => `server ${response.status}`);
    expect(await Promise.race([health, job])).toBe('server 200');
    await job;
    expect(loudnessProgress(server.db).pending).toBe(0);
  }, 120_000);
});
