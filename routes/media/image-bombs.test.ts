import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { previewUrl } from '../../media/images.ts';
import { previewDecodes } from '../../media/preview-decoder.ts';
import { localStorage } from '../../media/storage.ts';
import { filesUnder, fixtureBytes, mp3WithPicture, pngBomb } from '../../src/testing/media-fixtures.ts';
import { runCli } from '../../src/testing/process.ts';
import { type TestServer, makeTempDir, startTestServer } from '../../src/testing/server.ts';

// An 875 KB PNG declaring 30000×30000 took a preview to 6 GB and stalled the
// server for 50 s. Sizes are read from headers; nothing over 16 megapixels is decoded.
let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUp('curator', { isAdmin: true });
});
afterAll(() => server.stop());

const media = () => join(server.dataDir, 'media');
function uploadImage(bytes: Uint8Array, name: string) {
  const form = new FormData();
  form.set('file', new Blob([bytes as BlobPart]), name);
  return server.request('/api/upload/image', { method: 'POST', body: form, cookie: admin });
}

/** Puts an image straight into storage, as one uploaded before the budget existed. */
function storeDirectly(bytes: Uint8Array, format: 'png' | 'jpg' | 'webp'): string {
  const hash = new Bun.CryptoHasher('sha256').update(bytes).digest('hex');
  const path = localStorage(media()).imagePath(hash, format);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, bytes);
  return `/objects/images/${hash}.${format}`;
}

describe('image bombs', () => {
  test('at upload: refused from the header with 413, nothing stored', async () => {
    const response = await uploadImage(pngBomb(30000, 30000), 'bomb.png');
    expect(response.status).toBe(413);
    expect((await response.json()).error).toBe('Images may be at most 16 megapixels (for example 4000×4000)');
    const jpeg = await fixtureBytes('cover.jpg');
    const sof = jpeg.findIndex((byte, i) => byte === 0xff && jpeg[i + 1] === 0xc0);
    jpeg.set([0x75, 0x30, 0x75, 0x30], sof + 5);
    expect((await uploadImage(jpeg, 'bomb.jpg')).status).toBe(413);
    expect(filesUnder(join(media(), 'images'))).toEqual([]);
    expect(filesUnder(join(media(), 'tmp'))).toEqual([]);
    expect((await uploadImage(await fixtureBytes('large.png'), 'fine.png')).status).toBe(200);
  });

  test('as embedded cover art at upload: the song is kept, the bomb is not', async () => {
    const form = new FormData();
    form.set('file', new Blob([(await mp3WithPicture(pngBomb(30000, 30000), 'image/png', 'Bomb Cover')) as BlobPart]), 'bomb.mp3');
    const response = await server.request('/api/upload/audio', { method: 'POST', body: form, cookie: admin });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ title: 'Bomb Cover', artworkUrl: null });
  });

  test('as embedded cover art at import (the real CLI): imported without artwork', async () => {
    const library = makeTempDir('hearth-bomb-library-');
    const dataDir = makeTempDir('hearth-bomb-data-');
    try {
      writeFileSync(join(library, 'bomb.mp3'), await mp3WithPicture(pngBomb(30000, 30000), 'image/png', 'Imported Bomb'));
      writeFileSync(join(library, 'fine.mp3'), await mp3WithPicture(await fixtureBytes('cover.jpg'), 'image/jpeg', 'Imported Fine'));
      const { code, output } = await runCli(['import', library], { DATA_DIR: dataDir });
      expect({ code, output }).toMatchObject({ code: 0 });
      expect(output).toContain('Imported 2');
      const images = filesUnder(join(dataDir, 'media', 'images'));
      expect(images).toHaveLength(1);
      expect(images[0]!.endsWith('.jpg')).toBe(true);
    } finally {
      rmSync(library, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('at preview time: a stored bomb is never decoded (404 at once)', async () => {
    const before = previewDecodes();
    const objectPath = storeDirectly(pngBomb(30000, 30000), 'png');
    const responses = await Promise.all([1, 2, 3, 4].map(() => server.request(previewUrl(objectPath)!)));
    for (const response of responses) {
      expect(response.status).toBe(404);
      expect((await response.json()).error).toBe('This image is too large to preview');
    }
    expect(previewDecodes()).toBe(before);
    // A WebP is never decoded (its preview is the original), but a huge one is not handed out either.
    const webp = await fixtureBytes('cover.webp');
    webp.set([0xff, 0x3f, 0xff, 0x3f], 26);
    const huge = await server.request(previewUrl(storeDirectly(webp, 'webp'))!);
    expect(huge.status).toBe(404);
    const small = await server.request(previewUrl(storeDirectly(await fixtureBytes('cover.webp'), 'webp'))!);
    expect(small.headers.get('content-type')).toBe('image/webp');
  });
});

describe('previews', () => {
  test('four requests at once for one image: one decode, the same preview for all', async () => {
    const objectPath = storeDirectly(await fixtureBytes('large.png'), 'png');
    const before = previewDecodes();
    const responses = await Promise.all([1, 2, 3, 4].map(() => server.request(previewUrl(objectPath)!)));
    const bodies = await Promise.all(responses.map((r) => r.arrayBuffer().then((b) => new Uint8Array(b))));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(responses.map((r) => r.headers.get('content-type'))).toEqual(Array(4).fill('image/jpeg'));
    for (const body of bodies) expect(body).toEqual(bodies[0]!);
    expect(previewDecodes() - before).toBe(1);
  });

  test('decoding runs off the event loop: the server answers while a big image decodes', async () => {
    const objectPath = storeDirectly(await fixtureBytes('large.png'), 'png');
    rmSync(localStorage(media()).previewPath(objectPath.slice(16, 80)), { force: true }); // decode it afresh
    const before = previewDecodes();
    const order: string[] = [];
    const preview = server.request(previewUrl(objectPath)!).then((r) => order.push(`preview ${r.headers.get('content-type')}`));
    while (previewDecodes() === before) await Bun.sleep(1); // the decode (about a second) has begun
    const health = server.request('/healthz').then((r) => order.push(`health ${r.status}`));
    await Promise.all([preview, health]);
    expect(order).toEqual(['health 200', 'preview image/jpeg']);
  });
});
