import { afterEach, expect, test } from 'bun:test';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir } from '../src/testing/server.ts';
import { type AudioStore, localStorage } from './storage.ts';
import { migrateAudio } from './storage-migration.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Real disk storage in a fresh folder, with `count` songs' audio in it. */
async function storageWith(count: number) {
  const dir = makeTempDir('hearth-migration-');
  dirs.push(dir);
  const storage = localStorage(join(dir, 'media'));
  const hashes: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const bytes = new TextEncoder().encode(`song ${i} `.repeat(1000));
    const hash = new Bun.CryptoHasher('sha256').update(bytes).digest('hex');
    const temp = storage.tempPath();
    await Bun.write(temp, bytes);
    await storage.audio.commit(temp, hash);
    hashes.push(hash);
  }
  return { storage, hashes };
}

/** A store that, like some S3-compatible ones, says a just-stored object does not exist yet once. */
function notFoundOnceAfterCommit(store: AudioStore): AudioStore {
  const unseen = new Set<string>();
  return {
    ...store,
    commit: async (temp, hash) => {
      await store.commit(temp, hash);
      unseen.add(hash);
    },
    blob(hash) {
      if (!unseen.delete(hash)) return store.blob(hash);
      // What reading an S3File the bucket does not have yet does: its stream fails.
      const missing = Object.assign(new Error('The specified key does not exist.'), { code: 'NoSuchKey' });
      return { stream: () => new ReadableStream({ start: (controller) => controller.error(missing) }) } as unknown as Blob;
    },
  };
}

test('an object the target says is missing right after storing it is read again, not a crash', async () => {
  const source = await storageWith(3);
  const target = await storageWith(0);
  const result = await migrateAudio({ work: source.storage, from: source.storage.audio, to: notFoundOnceAfterCommit(target.storage.audio), hashes: source.hashes, removeSource: false });
  expect(result).toMatchObject({ done: 3, total: 3, failed: [], removed: 0 });
  for (const hash of source.hashes) expect((await target.storage.audio.stat(hash))?.size).toBe((await source.storage.audio.stat(hash))!.size);
});
