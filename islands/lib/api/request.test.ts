import { afterEach, expect, test } from 'bun:test';
import { songDto } from '../../../src/testing/dto-builders.ts';
import { ApiError, apiRequest } from './request.ts';
import { ResponseShapeError } from './response-check.ts';

const realFetch = globalThis.fetch;
const answer = (body: unknown, status = 200) => {
  globalThis.fetch = (async () => (status === 204 ? new Response(null, { status }) : Response.json(body, { status }))) as unknown as typeof fetch;
};

afterEach(() => {
  globalThis.fetch = realFetch;
});

test('an answer that matches its schema comes back as it is', async () => {
  const songs = [songDto({ id: 1 }), songDto({ id: 2, title: 'Two' })];
  answer(songs);
  expect(await apiRequest('/api/songs', { expect: 'songs' })).toEqual(songs);
});

test('an answer that does not match fails loudly, naming the request, the schema and the field', async () => {
  answer([songDto({ id: 1 }), { ...songDto({ id: 2 }), title: 42 }]);
  const failure = apiRequest('/api/songs', { expect: 'songs' });
  await expect(failure).rejects.toBeInstanceOf(ResponseShapeError);
  await expect(failure).rejects.toThrow(/^GET \/api\/songs answered a body that is not a valid songs \(\/1\/title: /);
  answer({ name: 'x' });
  await expect(apiRequest('/api/albums', { method: 'POST', body: { name: 'x' }, expect: 'album' })).rejects.toThrow(/^POST \/api\/albums .* valid album/);
});

test('without a schema the answer is unchecked; refusals are ApiErrors with the server message', async () => {
  answer({ anything: true });
  expect(await apiRequest('/api/plays', { method: 'POST', body: { songId: 1 } })).toEqual({ anything: true });
  answer(null, 204);
  expect(await apiRequest('/api/songs/1', { method: 'DELETE' })).toBeUndefined();
  answer({ error: 'Song not found' }, 404);
  const refused = apiRequest('/api/songs/1', { expect: 'song' });
  await expect(refused).rejects.toBeInstanceOf(ApiError);
  await expect(refused).rejects.toThrow('Song not found');
});
