import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { tempShares } from '../../db/schema/index.ts';
import { filesUnder, fixture, framesAmidJunk, freeFormatHeaders } from '../../src/testing/media-fixtures.ts';
import { encodeWav } from '../../media/wav.ts';
import { type TestServer, startTestServer } from '../../src/testing/server.ts';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUp('sharer', { isAdmin: true });
});
afterAll(() => server.stop());

function share(fields: Record<string, string>, name = 'tone.ogg', cookie?: string, target = server) {
  const form = new FormData();
  if (name) form.set('file', Bun.file(fixture(name)), name);
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return target.request('/api/temp-share', { method: 'POST', body: form, cookie });
}

describe('POST /api/temp-share', () => {
  test('a guest gets a never-expiring link whatever they ask for; the audio plays', async () => {
    const response = await share({ title: '  Birthday song ', sharedBy: 'Grandma', expiresIn: '1day' });
    expect(response.status).toBe(201);
    const created = await response.json();
    expect(created).toMatchObject({ title: 'Birthday song', sharedBy: 'Grandma', expiresAt: null });
    const fetched = await (await server.request(`/api/temp-share/${created.shareId}`)).json();
    expect(fetched.audioUrl).toBe(created.audioUrl);
    const audio = await server.request(created.audioUrl, { headers: { range: 'bytes=0-3' } });
    expect(audio.status).toBe(206);
    expect(await audio.text()).toBe('OggS');
  });

  test('an admin chooses the expiry; at expiry the share and its audio 404 together', async () => {
    const created = await (await share({ title: 'Soon', expiresIn: '1day' }, 'tone.wav', admin)).json();
    expect(Date.parse(created.expiresAt) - server.now()).toBeGreaterThan(23 * 3600_000);
    server.advance(24 * 3600_000 + 1000);
    expect((await server.request(`/api/temp-share/${created.shareId}`)).status).toBe(404);
    expect((await server.request(created.audioUrl)).status).toBe(404);
    expect((await share({ title: 'x', expiresIn: 'forever' }, 'tone.wav', admin)).status).toBe(400);
  });

  test('a file and a title are required; non-audio is 415; nothing is left behind', async () => {
    const before = server.db.select().from(tempShares).all().length;
    expect((await share({ title: '' })).status).toBe(400);
    expect((await share({ title: 'No file' }, '')).status).toBe(400);
    expect((await share({ title: 'Fake' }, 'fake.mp3')).status).toBe(415);
    expect(server.db.select().from(tempShares).all().length).toBe(before);
    expect(filesUnder(join(server.dataDir, 'media', 'tmp'))).toEqual([]);
  });

  test('missing or malformed share ids are 404', async () => {
    expect((await server.request('/api/temp-share/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await server.request('/api/temp-share/..%2f..%2fx')).status).toBe(404);
  });
});

describe('files that only look like audio', () => {
  /** A signed-out share of these bytes, on its own server (the guests' rate limit is per server). */
  async function guestShare(target: TestServer, bytes: Uint8Array | Blob, filename: string) {
    const form = new FormData();
    form.set('file', bytes instanceof Blob ? bytes : new Blob([bytes as Uint8Array<ArrayBuffer>]), filename);
    form.set('title', 'Noise');
    return target.request('/api/temp-share', { method: 'POST', body: form });
  }

  test('empty frame headers, or real frames amid junk: 422 with a clear error, and nothing kept', async () => {
    const target = await startTestServer();
    try {
      for (const [bytes, filename] of [
        [freeFormatHeaders(2 * 1024 * 1024), 'headers.mp3'],
        [framesAmidJunk(2 * 1024 * 1024), 'amid-junk.mp3'],
      ] as const) {
        const response = await guestShare(target, bytes, filename);
        expect(response.status).toBe(422);
        expect(await response.json()).toEqual({ error: `"${filename}" has no audio that can be played` });
      }
      expect(target.db.select().from(tempShares).all()).toEqual([]);
      expect(filesUnder(join(target.dataDir, 'media'))).toEqual([]);
    } finally {
      await target.stop();
    }
  });

  test('a real VBR mp3 with no length header is still shared, with its duration', async () => {
    const target = await startTestServer();
    try {
      const response = await guestShare(target, Bun.file(fixture('vbr.mp3')), 'vbr.mp3');
      expect(response.status).toBe(201);
      const row = target.db.select().from(tempShares).all()[0]!;
      expect(row.duration).toBeGreaterThan(2.9);
      expect(row.duration).toBeLessThan(3.1);
    } finally {
      await target.stop();
    }
  });
});

describe('guest limits', () => {
  test('the per-address rate limit answers 429 with Retry-After', async () => {
    const limited = await startTestServer();
    try {
      for (let i = 0; i < 10; i++) expect((await share({ title: `n${i}` }, 'tone.opus', undefined, limited)).status).toBe(201);
      const response = await share({ title: 'one too many' }, 'tone.opus', undefined, limited);
      expect(response.status).toBe(429);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      limited.advance(3600_000);
      expect((await share({ title: 'later' }, 'tone.opus', undefined, limited)).status).toBe(201);
    } finally {
      await limited.stop();
    }
  });

  test('past the anonymous quota: 507 with a clear message; admins are not counted', async () => {
    const full = await startTestServer({ ANON_SHARE_QUOTA_MB: '0' });
    try {
      const response = await share({ title: 'no room' }, 'tone.opus', undefined, full);
      expect(response.status).toBe(507);
      expect((await response.json()).error).toContain('full');
      const boss = await full.signUp('boss', { isAdmin: true });
      expect((await share({ title: 'room for me' }, 'tone.opus', boss, full)).status).toBe(201);
    } finally {
      await full.stop();
    }
  });
});

describe('guest quota under parallel uploads', () => {
  /** A distinct valid WAV of about `bytes` (16-bit mono silence with a tone in it). */
  const wavOf = (bytes: number, seed: number) =>
    encodeWav(new Float32Array(Math.floor((bytes - 44) / 2)).map((_, i) => Math.sin((i * (seed + 1)) / 40) * 0.5), 22050);
  const guestForm = (bytes: Uint8Array, title: string) => {
    const form = new FormData();
    form.set('file', new Blob([bytes as BlobPart]), `${title}.wav`);
    form.set('title', title);
    return form;
  };

  test('ten parallel 0.92 MB guest shares against a 1 MB quota: one fits, nine get 507', async () => {
    const tiny = await startTestServer({ ANON_SHARE_QUOTA_MB: '1' });
    try {
      const bodies = Array.from({ length: 10 }, (_, i) => guestForm(wavOf(0.92 * 1024 * 1024, i), `parallel ${i}`));
      const statuses = await Promise.all(bodies.map((body) => tiny.request('/api/temp-share', { method: 'POST', body }).then((r) => r.status)));
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 507)).toHaveLength(9);
      const held = tiny.db.select().from(tempShares).all().reduce((sum, row) => sum + row.fileSize, 0);
      expect(held).toBeLessThanOrEqual(1024 * 1024);
      expect(filesUnder(join(tiny.dataDir, 'media', 'tmp'))).toEqual([]);
    } finally {
      await tiny.stop();
    }
  });

  test('a chunked guest upload is refused as it streams past the remaining quota', async () => {
    const tiny = await startTestServer({ ANON_SHARE_QUOTA_MB: '1' });
    try {
      const boundary = 'hearthchunked';
      const head = new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nstream\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="s.wav"\r\n\r\n`);
      // 90 MB announced by a WAV header, sent as 64 KB chunks; the quota is 1 MB. Loopback
      // buffers can swallow a few MB more than the server reads, never most of the 90.
      const total = 90 * 1024 * 1024;
      const header = wavOf(44, 3);
      new DataView(header.buffer).setUint32(40, total - 44, true);
      const chunk = new Uint8Array(64 * 1024);
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent === 0) controller.enqueue(head), controller.enqueue(header);
          if (sent >= total) {
            controller.enqueue(new TextEncoder().encode(`\r\n--${boundary}--\r\n`));
            return controller.close();
          }
          controller.enqueue(chunk);
          sent += chunk.length;
        },
      });
      const response = await tiny.request('/api/temp-share', {
        method: 'POST',
        body,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        duplex: 'half',
      } as RequestInit);
      const sentWhenAnswered = sent;
      expect(response.status).toBe(507);
      expect((await response.json()).error).toContain('full');
      expect(sentWhenAnswered).toBeLessThan(40 * 1024 * 1024);
      expect(tiny.db.select().from(tempShares).all()).toEqual([]);
      expect(filesUnder(join(tiny.dataDir, 'media', 'tmp'))).toEqual([]);
      // The hold is given back: a small share still fits.
      expect((await share({ title: 'small' }, 'tone.opus', undefined, tiny)).status).toBe(201);
    } finally {
      await tiny.stop();
    }
  });
});

describe('admin list and delete', () => {
  test('admins list and delete; the file goes when nothing else uses it', async () => {
    const created = await (await share({ title: 'To delete' }, 'tone.m4a', admin)).json();
    const family = await server.signUp('family-member');
    expect((await server.request('/api/temp-shares', { cookie: family })).status).toBe(403);
    expect((await server.request('/api/temp-shares')).status).toBe(401);
    const list = await (await server.request('/api/temp-shares', { cookie: admin })).json();
    expect(list.map((s: { shareId: string }) => s.shareId)).toContain(created.shareId);
    // Settings shows the size and who shared it (the admin's account; a guest's is null).
    expect(list.find((s: { id: number }) => s.id === created.id)).toMatchObject({ title: 'To delete', uploadedBy: 'sharer' });
    expect(list.find((s: { id: number }) => s.id === created.id).fileSize).toBe(Bun.file(fixture('tone.m4a')).size);
    const hash = created.audioUrl.split('/').pop().split('.')[0];
    expect(filesUnder(join(server.dataDir, 'media', 'audio')).some((f) => f.endsWith(hash))).toBe(true);
    expect((await server.request(`/api/temp-shares/${created.id}`, { method: 'DELETE', cookie: admin })).status).toBe(204);
    expect((await server.request(`/api/temp-shares/${created.id}`, { method: 'DELETE', cookie: admin })).status).toBe(404);
    expect((await server.request(created.audioUrl)).status).toBe(404);
    expect(filesUnder(join(server.dataDir, 'media', 'audio')).some((f) => f.endsWith(hash))).toBe(false);
  });
});
