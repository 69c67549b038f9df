import { expect, test } from 'bun:test';
import { rmSync } from 'node:fs';
import { createApp } from '../app.ts';
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
