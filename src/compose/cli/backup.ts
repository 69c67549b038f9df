import { createBackup } from '../../services/backup/backup.ts';
import { BackupError, type BackupManifest } from '../../services/backup/layout.ts';
import { checkDatabase, checkTarget, restoreBackup } from '../../services/backup/restore.ts';
import { CliUsageError, type FolderCommand } from './command.ts';
import { CLI_PROGRAM } from '../release/is-binary.ts';
import { s3AudioStore, s3Client } from '../../../media/s3-storage.ts';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Config } from '../../config.ts';
import { restoreFromReplica } from '../replication.ts';

const MiB = 1024 * 1024;

function describe(manifest: BackupManifest): string {
  const { songs, albums, playlists, users } = manifest.counts;
  return `${songs} songs, ${albums} albums, ${playlists} playlists, ${users} users`;
}

function inPlaceNote(manifest: BackupManifest, print: (line: string) => void, verb: string): void {
  const files = manifest.inPlaceFiles;
  if (files.length === 0) return;
  print(`${files.length} songs were imported in place: their files ${verb} (${files.slice(0, 3).join(', ')}${files.length > 3 ? ', …' : ''}).`);
}

async function orUsage<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof BackupError) throw new CliUsageError(error.message);
    throw error;
  }
}

/** `npm run cli -- backup FILE [--media] [--force]` */
export const backupCommand: FolderCommand = {
  options: { media: { type: 'boolean', default: false }, force: { type: 'boolean', default: false } },
  async run({ config, args, print }) {
    const file = args.positionals[0];
    if (!file) throw new CliUsageError(`"backup" needs a file to write: ${CLI_PROGRAM} backup FILE [--media] [--force]`);
    const manifest = await orUsage(() =>
      createBackup({
        dataDir: config.dataDir,
        file,
        media: args.values.media === true,
        force: args.values.force === true,
        bucketAudio: config.s3 ? s3AudioStore(s3Client(config.s3)) : undefined,
        onStaleRemoved: (path) => print(`Removed ${path}, left by an earlier backup that was stopped before it finished.`),
      }),
    );
    const media = manifest.media.included
      ? `, ${manifest.media.files} media files (${(manifest.media.bytes / MiB).toFixed(1)} MiB)`
      : ' (no media: add --media to include it)';
    print(`Backed up ${describe(manifest)}${media} to ${file}.`);
    inPlaceNote(manifest, print, 'are not in the backup; back up those folders yourself');
  },
};

/** `restore --from-replica`: Litestream brings the replica's newest database into an empty DATA_DIR. */
async function restoreReplica(config: Config, print: (line: string) => void): Promise<number> {
  if (!config.replicaUrl) throw new CliUsageError('restore --from-replica needs REPLICA_URL: the folder or s3:// URL Hearth replicated to');
  const dataDir = resolve(config.dataDir);
  await orUsage(async () => checkTarget(dataDir));
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const dbPath = join(dataDir, 'hearth.db');
  const restored = await restoreFromReplica(config, dbPath);
  if (restored.code !== 0) {
    print(`Litestream could not restore from ${config.replicaUrl}: ${restored.output}`);
    return 1;
  }
  await orUsage(async () => checkDatabase(dbPath));
  print(`Restored the database from ${config.replicaUrl} into ${dataDir}.`);
  print('The replica holds the database only: put secret.key (from a backup) into this folder to keep sessions and app passwords, and the media folder unless S3_BUCKET holds it.');
  return 0;
}

/** `npm run cli -- restore FILE` (into an empty DATA_DIR), or `restore --from-replica` */
export const restoreCommand: FolderCommand = {
  options: { 'from-replica': { type: 'boolean', default: false } },
  async run({ config, args, print }) {
    if (args.values['from-replica'] === true) return restoreReplica(config, print);
    const file = args.positionals[0];
    if (!file) throw new CliUsageError(`"restore" needs a backup file: ${CLI_PROGRAM} restore FILE`);
    const manifest = await orUsage(() => restoreBackup({ dataDir: config.dataDir, file }));
    print(`Restored ${describe(manifest)} from the backup of ${manifest.createdAt} into ${config.dataDir}.`);
    if (!manifest.media.included) print('The backup held no media: copy the old media folder into it, or songs will not play.');
    inPlaceNote(manifest, print, 'must be at the same paths again');
    print('Start Hearth on this folder; it migrates the database if the backup came from an older version.');
  },
};
