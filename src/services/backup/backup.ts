import { chmodSync, copyFileSync, existsSync, linkSync, mkdirSync, rmSync, statSync, symlinkSync, unlinkSync, renameSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import * as tar from 'tar';
import { openReadOnly } from '../../../db/client.ts';
import { inPlaceAudioPaths, libraryCounts, snapshotDatabase } from '../../../db/queries/backup.ts';
import { referencedArtworkUrls, referencedAudioHashes } from '../../../db/queries/media-refs.ts';
import { newerDatabaseMessage, schemaState } from '../../../db/migrate.ts';
import type { AudioStore } from '../../../media/storage.ts';
import packageJson from '../../../package.json' with { type: 'json' };
import { dataDirPaths } from '../../data-dir.ts';
import { BackupError, type BackupManifest, DB_FILE, FORMAT, MANIFEST, SECRET_FILE, audioEntry, imageEntry } from './layout.ts';
import { partName, removeStaleBackups } from './stale.ts';

export interface BackupOptions {
  dataDir: string;
  file: string;
  media: boolean;
  force: boolean;
  now?: () => Date;
  /** Song audio kept in a bucket (S3_BUCKET): downloaded into the archive under the same entries. */
  bucketAudio?: AudioStore;
  /** Told each file or folder of an earlier, killed backup that this one removed. */
  onStaleRemoved?: (path: string) => void;
}

// node-tar reads files in chunks of this size: its 16 MiB default held ~200 MB of RSS under Bun.
const READ_SIZE = 1 << 20;

/**
 * Hard links keep each referenced file alive in the staging folder even if a purge removes it
 * from media/ meanwhile; media on another disk (a symlinked media/) gets a symlink instead.
 */
async function stageMedia(dataDir: string, staging: string, entries: string[], bucketAudio?: AudioStore): Promise<number> {
  let bytes = 0;
  const bucketed = new Map(bucketAudio ? [...entryHashes(entries)] : []);
  for (const entry of entries) {
    const from = join(dataDir, entry);
    const to = join(staging, entry);
    mkdirSync(dirname(to), { recursive: true });
    const hash = bucketed.get(entry);
    if (hash && bucketAudio) {
      if ((await bucketAudio.stat(hash)) === null) throw new BackupError(`The audio ${hash} that the library uses is missing from the bucket; nothing was written.`);
      bytes += await Bun.write(to, bucketAudio.blob(hash));
      continue;
    }
    try {
      linkSync(from, to);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') throw new BackupError(`The media file ${entry} that the library uses is missing from ${dataDir}; nothing was written.`);
      if (code !== 'EXDEV' && code !== 'EPERM') throw error;
      symlinkSync(from, to);
    }
    bytes += statSync(to).size;
  }
  return bytes;
}

/** Audio entries by archive path → content hash. */
function* entryHashes(entries: string[]): Generator<[string, string]> {
  for (const entry of entries) {
    const hash = entry.split('/').pop()!;
    if (entry === audioEntry(hash)) yield [entry, hash];
  }
}

function mediaEntries(db: Parameters<typeof referencedAudioHashes>[0]): string[] {
  const audio = [...referencedAudioHashes(db)].map(audioEntry);
  const images = [...referencedArtworkUrls(db)].map(imageEntry).filter((entry): entry is string => entry !== null);
  return [...audio, ...images].sort();
}

/** Reads the snapshot: counts, schema, media to include, in-place files to list. */
function describeSnapshot(snapshotPath: string, media: boolean): { manifest: Omit<BackupManifest, 'createdAt' | 'media'>; entries: string[] } {
  const snapshot = openReadOnly(snapshotPath);
  try {
    const schema = schemaState(snapshot.db);
    if (schema.newer) throw new BackupError(newerDatabaseMessage(schema, 'The database'));
    return {
      manifest: {
        format: FORMAT,
        hearthVersion: packageJson.version,
        schema: { migrations: schema.applied, latest: schema.appliedTag },
        counts: libraryCounts(snapshot.db),
        inPlaceFiles: inPlaceAudioPaths(snapshot.db),
      },
      entries: media ? mediaEntries(snapshot.db) : [],
    };
  } finally {
    snapshot.close();
  }
}

/** Moves the finished archive to its name; without --force an existing file is never replaced (link fails). */
function publish(part: string, target: string, force: boolean): void {
  if (force) return renameSync(part, target);
  try {
    linkSync(part, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new BackupError(`${target} already exists; add --force to replace it.`);
    throw error;
  }
  unlinkSync(part);
}

function checkTarget(target: string, force: boolean): void {
  if (existsSync(target) && !force) throw new BackupError(`${target} already exists; add --force to replace it.`);
  if (existsSync(target) && !statSync(target).isFile()) throw new BackupError(`${target} is not a file.`);
  if (!statSync(dirname(target), { throwIfNoEntry: false })?.isDirectory()) throw new BackupError(`The folder ${dirname(target)} does not exist.`);
}

/**
 * Writes one tar archive (gzip when FILE ends in .gz or .tgz) holding a consistent copy of the
 * database, secret.key, and with `media` every stored file the library references. It is
 * written beside FILE under a temporary name and renamed at the end: a failure leaves no FILE.
 */
export async function createBackup(options: BackupOptions): Promise<BackupManifest> {
  const paths = dataDirPaths(resolve(options.dataDir));
  const target = resolve(options.file);
  checkTarget(target, options.force);
  if (!existsSync(paths.dbPath)) throw new BackupError(`There is no Hearth database in ${paths.root} (set DATA_DIR to the data folder).`);
  if (!existsSync(paths.secretPath)) throw new BackupError(`${paths.secretPath} is missing: without it sessions and app passwords could not be restored.`);
  for (const path of removeStaleBackups(paths.root, dirname(target))) options.onStaleRemoved?.(path);
  const staging = join(paths.root, `.backup-${process.pid}-${Date.now()}`);
  const part = join(dirname(target), partName(basename(target)));
  const cleanUp = () => {
    rmSync(staging, { recursive: true, force: true });
    rmSync(part, { force: true });
  };
  const onSignal = () => {
    cleanUp();
    process.exit(130);
  };
  process.once('SIGINT', onSignal).once('SIGTERM', onSignal);
  try {
    mkdirSync(staging, { mode: 0o700 });
    snapshotDatabase(paths.dbPath, join(staging, DB_FILE));
    copyFileSync(paths.secretPath, join(staging, SECRET_FILE));
    chmodSync(join(staging, SECRET_FILE), 0o600);
    const { manifest: described, entries } = describeSnapshot(join(staging, DB_FILE), options.media);
    const bytes = await stageMedia(paths.root, staging, entries, options.bucketAudio);
    const manifest: BackupManifest = {
      ...described,
      createdAt: (options.now?.() ?? new Date()).toISOString(),
      media: { included: options.media, files: entries.length, bytes },
    };
    writeFileSync(join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    // The archive holds secret.key: only its owner may read it, from its first byte on.
    writeFileSync(part, '', { mode: 0o600 });
    chmodSync(part, 0o600);
    await tar.create(
      { file: part, cwd: staging, portable: true, follow: true, maxReadSize: READ_SIZE, gzip: /\.(tgz|gz)$/.test(target) },
      [MANIFEST, SECRET_FILE, DB_FILE, ...entries],
    );
    publish(part, target, options.force);
    return manifest;
  } finally {
    cleanUp();
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
  }
}
