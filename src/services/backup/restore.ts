import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as tar from 'tar';
import { openReadOnly } from '../../../db/client.ts';
import { quickCheck } from '../../../db/queries/backup.ts';
import { newerDatabaseMessage, schemaState } from '../../../db/migrate.ts';
import { BackupError, type BackupManifest, DB_FILE, FORMAT, MANIFEST, SECRET_FILE, emptyFolder, isBackupEntry } from './layout.ts';

const READ_SIZE = 1 << 20;

/** Restores go only into an empty or new folder; true when it already existed. */
export function checkTarget(dataDir: string): boolean {
  const stat = statSync(dataDir, { throwIfNoEntry: false });
  if (!stat) return false;
  if (!stat.isDirectory()) throw new BackupError(`${dataDir} is not a folder.`);
  if (readdirSync(dataDir).length > 0) {
    throw new BackupError(`${dataDir} is not empty: restore only into an empty or new data folder (move the old one aside first, or set DATA_DIR to a new folder).`);
  }
  return true;
}

function readManifest(dataDir: string): BackupManifest {
  const path = join(dataDir, MANIFEST);
  if (!existsSync(path) || !existsSync(join(dataDir, DB_FILE)) || !existsSync(join(dataDir, SECRET_FILE))) {
    throw new BackupError('This file is not a Hearth backup (it lacks hearth-backup.json, hearth.db or secret.key).');
  }
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as BackupManifest;
  if (manifest.format !== FORMAT) throw new BackupError(`This backup has format ${manifest.format}; this Hearth reads format ${FORMAT}. Restore it with a newer Hearth.`);
  return manifest;
}

/** Intact, and of a schema this Hearth can run (a newer one's backup needs that newer Hearth). */
export function checkDatabase(path: string): void {
  const handle = openReadOnly(path);
  try {
    const check = quickCheck(handle.db);
    if (check !== 'ok') throw new BackupError(`The backup's database is damaged (${check}).`);
    const schema = schemaState(handle.db);
    if (schema.newer) throw new BackupError(`${newerDatabaseMessage(schema, 'The database in this backup')} Restore it with that newer Hearth.`);
  } finally {
    handle.close();
  }
}

function countMedia(dataDir: string): number {
  const media = join(dataDir, 'media');
  if (!existsSync(media)) return 0;
  return readdirSync(media, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
}

/**
 * Unpacks a backup into an empty (or new) data folder: the database, secret.key (so sessions
 * and app passwords keep working) and media. Only names a backup writes are accepted; on any
 * failure the folder is emptied again. The server migrates the database when it starts.
 */
export async function restoreBackup(options: { dataDir: string; file: string }): Promise<BackupManifest> {
  const dataDir = resolve(options.dataDir);
  const file = resolve(options.file);
  if (!statSync(file, { throwIfNoEntry: false })?.isFile()) throw new BackupError(`There is no backup file at ${file}.`);
  const existed = checkTarget(dataDir);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const strangers: string[] = [];
  try {
    await tar.extract({
      file,
      cwd: dataDir,
      strict: true,
      maxReadSize: READ_SIZE,
      filter: (path) => isBackupEntry(path) || (strangers.push(path), false),
    }).catch((error: Error) => {
      throw new BackupError(`This file is not a Hearth backup, or it is damaged (${error.message}).`);
    });
    if (strangers.length > 0) throw new BackupError(`This file is not a Hearth backup: it holds ${strangers[0]}.`);
    const manifest = readManifest(dataDir);
    checkDatabase(join(dataDir, DB_FILE));
    const found = countMedia(dataDir);
    if (found !== manifest.media.files) throw new BackupError(`The backup lists ${manifest.media.files} media files but holds ${found}: it is incomplete.`);
    chmodSync(join(dataDir, SECRET_FILE), 0o600);
    rmSync(join(dataDir, MANIFEST));
    return manifest;
  } catch (error) {
    if (existed) emptyFolder(dataDir);
    else rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
