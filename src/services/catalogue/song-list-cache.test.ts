import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { brotliDecompressSync } from 'node:zlib';
import { insertSong } from '../../testing/factories.ts';
import { openTempDb } from '../../testing/server.ts';
import { type SongListCache, createSongListCache } from './song-list-cache.ts';

let handle: ReturnType<typeof openTempDb>;
beforeAll(() => {
  handle = openTempDb();
  for (let i = 0; i < 50; i++) insertSong(handle.db, { title: `Listed ${i}` });
});
afterAll(() => handle.remove());

const decode = {
  br: (b: Uint8Array<ArrayBuffer>) => brotliDecompressSync(b),
  gzip: (b: Uint8Array<ArrayBuffer>) => Bun.gunzipSync(b),
  identity: (b: Uint8Array<ArrayBuffer>) => b,
};
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('song list cache encodings', () => {
  let lists: SongListCache;
  beforeAll(() => {
    lists = createSongListCache(handle.db);
  });

  test('brotli, gzip and plain carry the same JSON and the same ETag', async () => {
    const bodies = await Promise.all((['br', 'gzip', 'identity'] as const).map((encoding) => lists.body('library', [encoding])));
    expect(bodies.map((body) => body.encoding)).toEqual(['br', 'gzip', 'identity']);
    const jsons = bodies.map((body) => text(decode[body.encoding](body.bytes)));
    expect(jsons[1]).toBe(jsons[0]!);
    expect(jsons[2]).toBe(jsons[0]!);
    expect(JSON.parse(jsons[0]!)).toHaveLength(50);
    expect(new Set(bodies.map((body) => body.etag)).size).toBe(1);
    expect(lists.work.builds).toBe(1);
  });

  test('clients without compression are served the kept JSON: no decompression per request', async () => {
    const fresh = createSongListCache(handle.db);
    await fresh.body('library', ['gzip', 'identity']);
    const first = await fresh.body('library', ['identity']); // made once from the gzip
    const work = { ...fresh.work };
    for (let i = 0; i < 5; i++) expect((await fresh.body('library', ['identity'])).bytes).toBe(first.bytes);
    expect(fresh.work).toEqual(work);
    expect(work.decodes).toBe(1);
  });

  test('concurrent requests for one encoding share one compression', async () => {
    const fresh = createSongListCache(handle.db);
    const bodies = await Promise.all([1, 2, 3, 4].map(() => fresh.body('admin', ['br', 'identity'])));
    expect(fresh.work).toEqual({ builds: 1, encodes: 1, decodes: 0 });
    for (const body of bodies) expect(body.bytes).toBe(bodies[0]!.bytes);
  });

  test('the plain JSON is let go once identity clients stop asking; compressed ones stay', async () => {
    const fresh = createSongListCache(handle.db, { identityTtlMs: 20 });
    await fresh.body('library', ['br']);
    await fresh.body('library', ['identity']);
    expect(fresh.cached('library')).toEqual(['br', 'identity']);
    const deadline = Date.now() + 5000;
    while (fresh.cached('library').includes('identity') && Date.now() < deadline) await Bun.sleep(5);
    expect(fresh.cached('library')).toEqual(['br']);
    expect(text(decode.identity((await fresh.body('library', ['identity'])).bytes))).toContain('Listed 7');
  });

  test('a browser is not kept waiting for brotli: gzip while it is made, brotli after', async () => {
    const fresh = createSongListCache(handle.db);
    const first = await fresh.body('library', ['br', 'gzip', 'identity']);
    expect(first.encoding).toBe('gzip');
    const deadline = Date.now() + 5000;
    while (!fresh.cached('library').includes('br') && Date.now() < deadline) await Bun.sleep(5);
    const next = await fresh.body('library', ['br', 'gzip', 'identity']);
    expect(next.encoding).toBe('br');
    expect(text(decode.br(next.bytes))).toBe(text(decode.gzip(first.bytes)));
    expect(fresh.work).toEqual({ builds: 1, encodes: 2, decodes: 0 });
    // The gzip only stood in for brotli: it is not kept beside it.
    expect(fresh.cached('library')).toEqual(['br']);
  });

  test('a client preferring gzip keeps gzip beside brotli', async () => {
    const fresh = createSongListCache(handle.db);
    await fresh.body('library', ['br', 'identity']);
    expect((await fresh.body('library', ['gzip', 'identity'])).encoding).toBe('gzip');
    expect(fresh.cached('library')).toEqual(['br', 'gzip']);
    const work = { ...fresh.work };
    expect((await fresh.body('library', ['gzip', 'identity'])).encoding).toBe('gzip');
    expect(fresh.work).toEqual(work);
  });

  test('plain JSON is never the fallback for a client that takes compression', async () => {
    const fresh = createSongListCache(handle.db);
    await fresh.body('library', ['identity']);
    expect((await fresh.body('library', ['gzip', 'identity'])).encoding).toBe('gzip');
  });

  test('a write makes a new version: the next body is rebuilt with the new ETag', async () => {
    const before = await lists.body('library', ['gzip']);
    insertSong(handle.db, { title: 'Brand New' });
    const after = await lists.body('library', ['gzip']);
    expect(after.etag).not.toBe(before.etag);
    expect(text(Bun.gunzipSync(after.bytes))).toContain('Brand New');
  });
});
