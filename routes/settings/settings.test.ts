import { afterAll, beforeAll, expect, test } from 'bun:test';
import { settings } from '../../db/schema/index.ts';
import { insertSong } from '../../src/testing/factories.ts';
import { fixture } from '../../src/testing/media-fixtures.ts';
import { type TestServer, startTestServer } from '../../src/testing/server.ts';

let server: TestServer;
let mum: string;
let kid: string;
beforeAll(async () => {
  server = await startTestServer({ ANON_SHARE_QUOTA_MB: '3' });
  mum = await server.signUp('mum', { isAdmin: true });
  kid = await server.signUp('kid');
});
afterAll(() => server.stop());

const get = (cookie = mum) => server.request('/api/settings', { cookie });
const patch = (json: unknown, cookie = mum) => server.request('/api/settings', { method: 'PATCH', cookie, json });
const MB = 1024 * 1024;

test('defaults: registration closed, shares never expire, the guests quota empty out of ANON_SHARE_QUOTA_MB; ffmpeg as /healthz reports it', async () => {
  const response = await get();
  expect(response.status).toBe(200);
  const health = (await (await server.request('/healthz')).json()) as { ffmpeg: { available: boolean; version?: string } };
  const ffmpegVersion = health.ffmpeg.available ? health.ffmpeg.version : null;
  expect(await response.json()).toEqual({
    registrationOpen: false,
    defaultShareExpiry: 'never',
    guestQuota: { usedBytes: 0, limitBytes: 3 * MB },
    ffmpegVersion,
    normalisation: 'auto',
    loudness: { measured: 0, pending: 0, failed: 0, failures: [] },
  });
});

test('the default share expiry is saved, kept apart from registration, and read back', async () => {
  const saved = await patch({ defaultShareExpiry: '1week' });
  expect(saved.status).toBe(200);
  expect(await saved.json()).toMatchObject({ registrationOpen: false, defaultShareExpiry: '1week' });
  expect(await (await patch({ registrationOpen: true })).json()).toMatchObject({ registrationOpen: true, defaultShareExpiry: '1week' });
  expect(await (await get()).json()).toMatchObject({ registrationOpen: true, defaultShareExpiry: '1week' });
  await patch({ registrationOpen: false, defaultShareExpiry: 'never' });
});

test('bad values are 400 with a message that names the choices; nothing is stored', async () => {
  for (const body of [{ defaultShareExpiry: 'forever' }, { defaultShareExpiry: 7 }, { registrationOpen: 'yes' }]) {
    const response = await patch(body);
    expect([body, response.status]).toEqual([body, 400]);
    expect((await response.json()).error).toBe('Settings accept registrationOpen (true or false) and defaultShareExpiry (one of never, 1day, 3days, 1week, 30days)');
  }
  expect(await (await get()).json()).toMatchObject({ registrationOpen: false, defaultShareExpiry: 'never' });
});

test('a stored value that is no longer a choice reads as never', async () => {
  server.db.insert(settings).values({ key: 'defaultShareExpiry', value: '2weeks' }).onConflictDoUpdate({ target: settings.key, set: { value: '2weeks' } }).run();
  expect((await (await get()).json()).defaultShareExpiry).toBe('never');
  await patch({ defaultShareExpiry: 'never' });
});

test("the guests' quota counts guests' shares only", async () => {
  const share = (cookie?: string) => {
    const form = new FormData();
    form.set('file', Bun.file(fixture('tone.ogg')), 'tone.ogg');
    form.set('title', 'Hello');
    return server.request('/api/temp-share', { method: 'POST', body: form, ...(cookie ? { cookie } : {}) });
  };
  expect((await share(kid)).status).toBe(201);
  expect((await (await get()).json()).guestQuota.usedBytes).toBe(0);
  expect((await share()).status).toBe(201);
  expect((await (await get()).json()).guestQuota).toEqual({ usedBytes: Bun.file(fixture('tone.ogg')).size, limitBytes: 3 * MB });
});

test('settings are for admins: 403 for a member, 401 signed out', async () => {
  expect((await get(kid)).status).toBe(403);
  expect((await patch({ registrationOpen: true }, kid)).status).toBe(403);
  expect((await get('')).status).toBe(401);
  expect((await patch({ registrationOpen: true }, '')).status).toBe(401);
  expect((await (await get()).json()).registrationOpen).toBe(false);
});

test('normalisation is saved and read back; a mode that is not one is 400 and nothing changes', async () => {
  expect(await (await patch({ normalisation: 'track' })).json()).toMatchObject({ normalisation: 'track', defaultShareExpiry: 'never' });
  expect((await (await get()).json()).normalisation).toBe('track');
  const refused = await patch({ normalisation: 'loud' });
  expect(refused.status).toBe(400);
  expect((await refused.json()).error).toBe('Normalisation is one of off, track, auto');
  expect((await (await get()).json()).normalisation).toBe('track');
  expect((await patch({ normalisation: 'off' }, kid)).status).toBe(403);
  await patch({ normalisation: 'auto' });
});

test('the loudness counts: measured, pending and failed live songs, failures with their reason', async () => {
  const failed = insertSong(server.db, { title: 'Old Tape', loudnessStatus: 'failed', loudnessError: 'The audio file is missing' });
  insertSong(server.db, { loudnessStatus: 'measured', trackGain: -3 });
  insertSong(server.db, { loudnessStatus: 'measured', trackGain: 2 });
  insertSong(server.db);
  insertSong(server.db, { loudnessStatus: 'failed', loudnessError: 'gone', deletedAt: new Date() });
  expect((await (await get()).json()).loudness).toEqual({ measured: 2, pending: 1, failed: 1, failures: [{ id: failed.id, title: 'Old Tape', reason: 'The audio file is missing' }] });
});
