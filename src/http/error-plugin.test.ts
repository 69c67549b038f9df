import { expect, test } from 'bun:test';
import { rmSync } from 'node:fs';
import { createApp } from '../compose/app.ts';
import { parseConfig } from '../config.ts';
import { openDataDir } from '../data-dir.ts';
import type { Logger } from '../logger.ts';
import { makeTempDir } from '../testing/server.ts';

test('an unexpected error is a generic JSON 500, logged, with no stack trace or detail to the client', async () => {
  const dataDir = makeTempDir();
  const { handle, secret } = openDataDir(dataDir);
  const logged: string[] = [];
  const log: Logger = { debug() {}, info() {}, warn() {}, error: (message, error) => void logged.push(`${message} ${error}`) };
  const app = createApp({ config: parseConfig({ DATA_DIR: dataDir }), db: handle.db, secret, log })
    .get('/api/explode', () => {
      throw new Error('secret internal detail at /srv/hearth/db');
    })
    .listen({ port: 0, hostname: '127.0.0.1' });
  try {
    const response = await fetch(`http://127.0.0.1:${app.server!.port}/api/explode`);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: 'Something went wrong on the server' });
    expect(text).not.toContain('secret internal detail');
    expect(logged.join()).toContain('secret internal detail');
  } finally {
    await app.stop(true);
    handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('the request log carries the status an error answered with, rendered pages too', async () => {
  const dataDir = makeTempDir();
  const { handle, secret } = openDataDir(dataDir);
  const lines: string[] = [];
  const log: Logger = { debug() {}, info: (message) => void lines.push(message), warn() {}, error() {} };
  const app = createApp({ config: parseConfig({ DATA_DIR: dataDir }), db: handle.db, secret, log }).listen({ port: 0, hostname: '127.0.0.1' });
  try {
    const base = `http://127.0.0.1:${app.server!.port}`;
    expect((await fetch(`${base}/no/such/page`)).status).toBe(404);
    expect((await fetch(`${base}/api/user`)).status).toBe(401);
    // After-response hooks run once the body is sent: wait (bounded) until both lines are in.
    for (let i = 0; i < 200 && lines.length < 2; i += 1) await Bun.sleep(5);
    expect(lines.find((line) => line.startsWith('GET /no/such/page '))).toMatch(/^GET \/no\/such\/page 404 /);
    expect(lines.find((line) => line.startsWith('GET /api/user '))).toMatch(/^GET \/api\/user 401 /);
  } finally {
    await app.stop(true);
    handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('what a parse step throws is judged by itself: an HTTP error keeps its status, a busy database 503, a bug 500', async () => {
  const dataDir = makeTempDir();
  const { handle, secret } = openDataDir(dataDir);
  const logged: string[] = [];
  const log: Logger = { debug() {}, info() {}, warn() {}, error: (message, error) => void logged.push(`${message} ${error}`) };
  const busy = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
  const app = createApp({ config: parseConfig({ DATA_DIR: dataDir }), db: handle.db, secret, log })
    .post('/api/parse/busy', () => 'unreached', { parse: () => Promise.reject(busy) })
    .post('/api/parse/bug', () => 'unreached', { parse: () => Promise.reject(new Error('parser bug')) })
    .post('/api/parse/syntax', () => 'unreached', { parse: () => Promise.reject(new SyntaxError('JSON Parse error')) })
    .listen({ port: 0, hostname: '127.0.0.1' });
  const post = (path: string) => fetch(`http://127.0.0.1:${app.server!.port}${path}`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
  try {
    const whenBusy = await post('/api/parse/busy');
    expect([whenBusy.status, whenBusy.headers.get('retry-after')]).toEqual([503, '2']);
    const bug = await post('/api/parse/bug');
    expect(bug.status).toBe(500);
    expect(logged.join()).toContain('parser bug');
    const syntax = await post('/api/parse/syntax');
    expect(await syntax.json()).toEqual({ error: 'The request body is not valid JSON' });
  } finally {
    await app.stop(true);
    handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
