import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { rmSync } from 'node:fs';
import { type ServerProcess, runCli, startMain } from '../../testing/process.ts';
import { makeTempDir } from '../../testing/server.ts';

// The CLI works on the same DATA_DIR while the real server runs (WAL + busy timeout).
let dataDir: string;
let server: ServerProcess;
beforeAll(async () => {
  dataDir = makeTempDir();
  server = await startMain({ DATA_DIR: dataDir, ADMIN_USERNAME: 'mum', ADMIN_PASSWORD: 'mum-secret', LOG_LEVEL: 'warn' });
});
afterAll(async () => {
  server.child.kill('SIGTERM');
  await server.exited;
  rmSync(dataDir, { recursive: true, force: true });
});

const cli = (...args: string[]) => runCli(['user', ...args], { DATA_DIR: dataDir });
const login = (username: string, password: string) =>
  fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });

describe('bun run cli user', () => {
  test('add creates users who can log in to the running server', async () => {
    expect(await cli('add', 'kid', '--password', 'kid-secret')).toEqual({ code: 0, output: 'Created user "kid".\n' });
    expect((await cli('add', 'dad', '--password', 'dad-secret', '--admin')).output).toBe('Created admin "dad".\n');
    expect(await (await login('kid', 'kid-secret')).json()).toMatchObject({ username: 'kid', isAdmin: false });
    expect(await (await login('dad', 'dad-secret')).json()).toMatchObject({ username: 'dad', isAdmin: true });
  });

  test('a look-alike of an existing name is refused; a name in another script is welcome, stored in NFC', async () => {
    // A Cyrillic "а" between Latin letters: looks like "dad" (same TR39 skeleton), refused.
    const lookalike = await cli('add', 'd\u0430d', '--password', 'other-secret');
    expect(lookalike.code).toBe(1);
    expect(lookalike.output).toContain('looks too much like an existing one');
    expect((await cli('add', 'Зоя', '--password', 'zoya-secret')).code).toBe(0);
    expect((await cli('add', 'Rene\u0301e', '--password', 'renee-secret')).code).toBe(0);
    expect(await (await login('Ren\u00e9e', 'renee-secret')).json()).toMatchObject({ username: 'Ren\u00e9e' });
    for (const name of ['Зоя', 'Ren\u00e9e']) expect((await cli('remove', name)).code).toBe(0);
  });

  test('list shows every account and marks admins', async () => {
    const { code, output } = await cli('list');
    expect(code).toBe(0);
    expect(output).toBe('dad (admin)\nkid\nmum (admin)\n');
  });

  test('passwd changes the password and signs the user out everywhere', async () => {
    const before = await login('kid', 'kid-secret');
    const cookie = before.headers.getSetCookie()[0]!.split(';')[0]!;
    expect((await cli('passwd', 'kid', '--password', 'new-kid-secret')).code).toBe(0);
    expect((await fetch(`${server.url}/api/user`, { headers: { cookie } })).status).toBe(401);
    expect((await login('kid', 'kid-secret')).status).toBe(401);
    expect((await login('kid', 'new-kid-secret')).status).toBe(200);
  });

  test('remove deletes the account', async () => {
    expect((await cli('remove', 'kid')).output).toBe('Removed "kid".\n');
    expect((await login('kid', 'new-kid-secret')).status).toBe(401);
  });

  test('mistakes exit non-zero with a clear message', async () => {
    expect(await cli('add', 'mum', '--password', 'whatever1')).toEqual({ code: 1, output: 'Error: That username is already taken\n' });
    expect(await cli('add', 'ab', '--password', 'whatever1')).toEqual({ code: 1, output: 'Error: Username must be at least 3 characters\n' });
    expect(await cli('add', 'newbie')).toEqual({ code: 1, output: 'Error: --password PW is required\n' });
    expect(await cli('passwd', 'nobody', '--password', 'whatever1')).toEqual({ code: 1, output: 'Error: No user named "nobody"\n' });
    expect((await cli('explode')).code).toBe(1);
    expect((await runCli(['bogus'], { DATA_DIR: dataDir })).code).toBe(2);
    expect((await cli('add', 'x1x', '--password', 'whatever1', '--bogus')).output).toContain("Unknown option '--bogus'");
  });

  test('demote and remove refuse the last admin, as Settings does', async () => {
    expect(await cli('demote', 'dad')).toEqual({ code: 0, output: '"dad" is no longer an admin.\n' });
    expect(await cli('promote', 'dad')).toEqual({ code: 0, output: '"dad" is now an admin.\n' });
    expect((await cli('remove', 'dad')).code).toBe(0);
    expect(await cli('demote', 'mum')).toEqual({ code: 1, output: 'Error: Hearth needs at least one admin. Make someone else an admin first.\n' });
    expect(await cli('demote', 'nobody')).toEqual({ code: 1, output: 'Error: No user named "nobody"\n' });
    expect(await cli('remove', 'mum')).toEqual({ code: 1, output: 'Error: Hearth needs at least one admin. Make someone else an admin first.\n' });
    expect(await (await login('mum', 'mum-secret')).json()).toMatchObject({ username: 'mum', isAdmin: true });
  });
});
