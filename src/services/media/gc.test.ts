import { afterAll, beforeAll, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { Jimp } from 'jimp';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { songs, tempShares } from '../../../db/schema/index.ts';
import { filesUnder, fixture } from '../../testing/media-fixtures.ts';
import { createLogger } from '../../logger.ts';
import { type TestServer, startTestServer } from '../../testing/server.ts';
import { collectGarbage } from '../../../media/gc.ts';
import { collectOrphanMedia } from './gc.ts';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUp('gc-admin', { isAdmin: true });
});
afterAll(() => server.stop());

const hashOf = (url: string) => url.split('/').pop()!.split('.')[0]!;
const stored = (kind: string) => filesUnder(join(server.dataDir, 'media', kind)).map((f) => f.split('/').pop()!.slice(0, 64));
const run = (later = 2 * 3600_000) =>
  collectOrphanMedia(null, { db: server.db, storage: server.storage, log: createLogger('silent'), now: () => server.now() + later });

async function post(path: string, name: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.set('file', Bun.file(fixture(name)), name);
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return (await server.request(path, { method: 'POST', body: form, cookie: admin })).json();
}

test('a file goes only when nothing references it, after a grace period', async () => {
  const kept = await post('/api/upload/audio', 'tagged.mp3');
  const gone = await post('/api/upload/audio', 'tone.flac');
  const shared = await post('/api/upload/audio', 'tone.wav');
  await post('/api/temp-share', 'tone.wav', { title: 'same bytes as a deleted song' });
  const expiring = await post('/api/temp-share', 'tone.opus', { title: 'expires', expiresIn: '1day' });
  const other = new Jimp({ width: 4, height: 4, color: 0x112233ff });
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(await other.getBuffer('image/png'))]), 'other.png');
  const { objectPath: orphanImage } = await (await server.request('/api/upload/image', { method: 'POST', body: form, cookie: admin })).json();
  expect(stored('images')).toContain(hashOf(orphanImage));
  writeFileSync(join(server.dataDir, 'media', 'tmp', 'crashed.part'), 'x');
  server.db.delete(songs).where(eq(songs.id, gone.id)).run();
  server.db.delete(songs).where(eq(songs.id, shared.id)).run();

  const fresh = await run(0);
  expect(fresh.audio).toBe(0); // within the grace period nothing is touched

  const result = await run(2 * 24 * 3600_000);
  expect(result.expiredShares).toBe(1);
  expect(server.db.select().from(tempShares).where(eq(tempShares.id, expiring.id)).get()).toBeUndefined();
  const audio = stored('audio');
  expect(audio).toContain(hashOf(kept.audioUrl));
  expect(audio).toContain(hashOf(shared.audioUrl)); // a temporary share still uses these bytes
  expect(audio).not.toContain(hashOf(gone.audioUrl));
  expect(audio).not.toContain(hashOf(expiring.audioUrl));
  expect(stored('images')).toContain(hashOf(kept.artworkUrl));
  expect(stored('images')).toEqual([hashOf(kept.artworkUrl)]);
  expect(filesUnder(join(server.dataDir, 'media', 'tmp'))).toEqual([]);
  expect((await server.request(kept.audioUrl, { cookie: admin })).status).toBe(200);
});

test('the hourly purge job runs the media clean-up: an expired share goes with its file', async () => {
  const { purgeJob } = await import('../../jobs/index.ts');
  const share = await post('/api/temp-share', 'tone.aac', { title: 'brief', expiresIn: '1day' });
  await purgeJob.purgeNow({ db: server.db, config: server.config, storage: server.storage, log: createLogger('silent'), now: () => server.now() + 3 * 24 * 3600_000 });
  expect(server.db.select().from(tempShares).where(eq(tempShares.id, share.id)).get()).toBeUndefined();
  expect(stored('audio')).not.toContain(hashOf(share.audioUrl));
});

test('an orphan that became a song again while the clean-up ran is spared', async () => {
  const song = await post('/api/upload/audio', 'short.mp3');
  const hash = hashOf(song.audioUrl);
  server.db.delete(songs).where(eq(songs.id, song.id)).run();
  // The snapshot of references says orphan; by the time its turn comes, a song holds it again.
  const refs = { audio: new Set<string>(), artworkUrls: new Set<string>(), audioStillUnused: (h: string) => h !== hash };
  await collectGarbage(server.storage, refs, { now: server.now() + 2 * 24 * 3600_000 });
  expect(stored('audio')).toContain(hash);
});
