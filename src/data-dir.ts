import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type DbHandle, openDb } from '../db/client.ts';
import { migrateDb } from '../db/migrate.ts';

export interface DataDir {
  root: string;
  dbPath: string;
  mediaDir: string;
  secretPath: string;
}

export function dataDirPaths(root: string): DataDir {
  return {
    root,
    dbPath: join(root, 'hearth.db'),
    mediaDir: join(root, 'media'),
    secretPath: join(root, 'secret.key'),
  };
}

/** The signing key, created on first start with mode 600 so only the owner can read it. */
export function loadOrCreateSecret(path: string): string {
  if (existsSync(path)) {
    const secret = readFileSync(path, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  const secret = Buffer.from(bytes).toString('hex');
  writeFileSync(path, `${secret}\n`, { mode: 0o600 });
  chmodSync(path, 0o600);
  return secret;
}

/** Creates the folder layout if missing, opens and migrates the database. Used by the server and the CLI. */
export function openDataDir(root: string): { paths: DataDir; handle: DbHandle; secret: string } {
  const paths = dataDirPaths(root);
  mkdirSync(paths.mediaDir, { recursive: true });
  const secret = loadOrCreateSecret(paths.secretPath);
  const handle = openDb(paths.dbPath);
  try {
    migrateDb(handle.db);
  } catch (error) {
    // A newer database or a failed migration: nothing was changed, and nothing may run on it.
    handle.sqlite.close();
    throw error;
  }
  return { paths, handle, secret };
}
