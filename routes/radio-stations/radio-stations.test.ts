import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { NewAppPasswordDto } from '../../src/shared/types.ts';
import { type TestServer, startTestServer } from '../../src/testing/server.ts';

let server: TestServer;
let mum: string;
beforeAll(async () => {
  server = await startTestServer();
  mum = await server.signUp('mum', { isAdmin: true });
});
afterAll(() => server.stop());

const list = async () => (await (await server.request('/api/radio-stations', { cookie: mum })).json()) as { id: number; name: string }[];

test('admins add, change and delete stations; the phone apps list the same', async () => {
  const created = await server.request('/api/radio-stations', { method: 'POST', cookie: mum, json: { name: '  Jazz FM ', streamUrl: 'https://radio.example/jazz.mp3' } });
  expect(created.status).toBe(201);
  const station = (await created.json()) as Record<string, unknown> & { id: number };
  expect(station).toEqual({ id: station.id, name: 'Jazz FM', streamUrl: 'https://radio.example/jazz.mp3', homepageUrl: null });
  const changed = await server.request(`/api/radio-stations/${station.id}`, { method: 'PATCH', cookie: mum, json: { name: 'Jazz 24', streamUrl: 'http://radio.example/24', homepageUrl: 'https://radio.example/' } });
  expect(await changed.json()).toEqual({ id: station.id, name: 'Jazz 24', streamUrl: 'http://radio.example/24', homepageUrl: 'https://radio.example/' });
  const password = ((await (await server.request('/api/app-passwords', { method: 'POST', json: { name: 'Car' }, cookie: mum })).json()) as NewAppPasswordDto).password;
  const fromApp = (await (await server.request(`/rest/getInternetRadioStations?u=mum&p=${password}&f=json&v=1.16.1&c=car`)).json()) as any;
  expect(fromApp['subsonic-response'].internetRadioStations.internetRadioStation).toEqual([{ id: String(station.id), name: 'Jazz 24', streamUrl: 'http://radio.example/24', homePageUrl: 'https://radio.example/' }]);
  expect((await server.request(`/api/radio-stations/${station.id}`, { method: 'DELETE', cookie: mum })).status).toBe(204);
  expect(await list()).toEqual([]);
});

test('a station needs a name and http(s) addresses: 400 with the reason, nothing stored; a missing one is 404', async () => {
  for (const [json, message] of [
    [{ name: ' ', streamUrl: 'https://r.example/' }, 'A station needs a name'],
    [{ name: 'Bad', streamUrl: 'file:///etc/passwd' }, 'The stream URL must be an http or https address'],
    [{ name: 'Bad', streamUrl: 'https://r.example/', homepageUrl: 'javascript:alert(1)' }, 'The home page must be an http or https address'],
  ] as const) {
    const response = await server.request('/api/radio-stations', { method: 'POST', cookie: mum, json });
    expect([response.status, ((await response.json()) as { error: string }).error]).toEqual([400, message]);
  }
  expect(await list()).toEqual([]);
  expect((await server.request('/api/radio-stations/999', { method: 'DELETE', cookie: mum })).status).toBe(404);
  expect((await server.request('/api/radio-stations/x', { method: 'PATCH', cookie: mum, json: { name: 'A', streamUrl: 'https://r.example/' } })).status).toBe(404);
});
