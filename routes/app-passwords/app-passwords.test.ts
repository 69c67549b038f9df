import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createHash } from 'node:crypto';
import { Database } from 'bun:sqlite';
import { join } from 'node:path';
import { findUserByUsername } from '../../db/queries/users.ts';
import { appPasswordKey, checkApiKey, checkPlainPassword, checkToken } from '../../src/services/accounts/app-passwords.ts';
import type { AppPasswordDto, NewAppPasswordDto } from '../../src/shared/types.ts';
import { type TestServer, startTestServer } from '../../src/testing/server.ts';

let server: TestServer;
let alice: string;
let bob: string;
let aliceId: number;
let secret: string;

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.signUp('ap-alice');
  bob = await server.signUp('ap-bob');
  aliceId = findUserByUsername(server.db, 'ap-alice')!.id;
  secret = (await Bun.file(join(server.dataDir, 'secret.key')).text()).trim();
});
afterAll(() => server.stop());

const json = async <T>(response: Response) => (await response.json()) as T;
const create = (name: unknown, cookie = alice) => server.request('/api/app-passwords', { method: 'POST', json: { name }, cookie });
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

describe('app passwords API', () => {
  test('create answers the secret once; the list never shows it', async () => {
    const response = await create('  Phone ');
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const created = await json<NewAppPasswordDto>(response);
    expect(created.name).toBe('Phone');
    expect(created.password).toMatch(/^([a-z2-9]{4}-){5}[a-z2-9]{4}$/);
    expect(created.lastUsedAt).toBeNull();
    const list = await json<AppPasswordDto[]>(await server.request('/api/app-passwords', { cookie: alice }));
    expect(list).toEqual([{ id: created.id, name: 'Phone', createdAt: created.createdAt, lastUsedAt: null }]);
    expect(JSON.stringify(list)).not.toContain(created.password);
    // Only the other user's own list: bob sees none of alice's.
    expect(await json<AppPasswordDto[]>(await server.request('/api/app-passwords', { cookie: bob }))).toEqual([]);
  });

  test('stored encrypted, never in clear', async () => {
    const created = await json<NewAppPasswordDto>(await create('Tablet'));
    const raw = new Database(join(server.dataDir, 'hearth.db'), { readonly: true });
    const row = raw.query('SELECT secret_encrypted, api_key_hash FROM app_passwords WHERE id = ?').get(created.id) as Record<string, string>;
    raw.close();
    expect(row.secret_encrypted).toStartWith('v1:');
    expect(row.secret_encrypted).not.toContain(created.password);
    expect(row.api_key_hash).toBe(createHash('sha256').update(created.password).digest('hex'));
  });

  test('the password checks as plain text, as a token and as an API key; a wrong one does not', async () => {
    const { password } = await json<NewAppPasswordDto>(await create('Car'));
    const key = appPasswordKey(secret);
    const now = server.now();
    expect(checkPlainPassword(server.db, key, aliceId, password, now)?.name).toBe('Car');
    expect(checkPlainPassword(server.db, key, aliceId, password.replaceAll('-', ''), now)?.name).toBe('Car');
    expect(checkPlainPassword(server.db, key, aliceId, 'correct horse', now)).toBeNull();
    expect(checkToken(server.db, key, aliceId, md5(`${password}abc123`), 'abc123', now)?.name).toBe('Car');
    expect(checkToken(server.db, key, aliceId, md5(`${password}abc123`), 'abc124', now)).toBeNull();
    expect(checkApiKey(server.db, password, now)?.userId).toBe(aliceId);
    expect(checkApiKey(server.db, password.replaceAll('-', '').toUpperCase(), now)?.userId).toBe(aliceId);
    expect(checkApiKey(server.db, 'nope', now)).toBeNull();
    // Another data folder's key cannot read it.
    expect(checkPlainPassword(server.db, appPasswordKey('x'.repeat(64)), aliceId, password, now)).toBeNull();
  });

  test('using one records when it was last used', async () => {
    const created = await json<NewAppPasswordDto>(await create('Watch'));
    checkApiKey(server.db, created.password, server.now());
    const list = await json<AppPasswordDto[]>(await server.request('/api/app-passwords', { cookie: alice }));
    expect(list.find((row) => row.id === created.id)?.lastUsedAt).not.toBeNull();
  });

  test('revoke: gone from the list and refused at once; another user cannot revoke it', async () => {
    const created = await json<NewAppPasswordDto>(await create('Old phone'));
    expect((await server.request(`/api/app-passwords/${created.id}`, { method: 'DELETE', cookie: bob })).status).toBe(404);
    expect((await server.request(`/api/app-passwords/${created.id}`, { method: 'DELETE', cookie: alice })).status).toBe(204);
    expect((await server.request(`/api/app-passwords/${created.id}`, { method: 'DELETE', cookie: alice })).status).toBe(404);
    expect(checkApiKey(server.db, created.password, server.now())).toBeNull();
    const list = await json<AppPasswordDto[]>(await server.request('/api/app-passwords', { cookie: alice }));
    expect(list.map((row) => row.id)).not.toContain(created.id);
  });

  test('bad input: blank, too long or duplicate names, bad ids, signed out', async () => {
    for (const name of ['', '   ', 'x'.repeat(65), 3, null]) expect((await create(name)).status).toBe(400);
    await create('Twice');
    const again = await create('twice');
    expect(again.status).toBe(409);
    expect((await json<{ error: string }>(again)).error).toContain('already have');
    expect((await server.request('/api/app-passwords/abc', { method: 'DELETE', cookie: alice })).status).toBe(404);
    expect((await server.request('/api/app-passwords')).status).toBe(401);
    expect((await server.request('/api/app-passwords', { method: 'POST', json: { name: 'x' } })).status).toBe(401);
  });

  test('at most 20 per user', async () => {
    const user = await server.signUp('ap-many');
    for (let i = 0; i < 20; i++) expect((await create(`Device ${i}`, user)).status).toBe(201);
    expect((await create('One more', user)).status).toBe(409);
  });
});
