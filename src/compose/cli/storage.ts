import { referencedAudioHashes } from '../../../db/queries/media-refs.ts';
import { s3Storage } from '../../../media/s3-storage.ts';
import { localStorage } from '../../../media/storage.ts';
import { type MigrationProgress, migrateAudio } from '../../../media/storage-migration.ts';
import { type CliCommand, CliUsageError } from './command.ts';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A bar redrawn in place on a terminal; elsewhere (a log, a test) a line every tenth of the way. */
function progressBar(print: (line: string) => void) {
  let lastTenth = -1;
  return ({ done, total, bytes }: MigrationProgress) => {
    const share = total === 0 ? 1 : done / total;
    const bar = `[${'#'.repeat(Math.round(share * 30)).padEnd(30, '.')}] ${done}/${total} songs, ${mb(bytes)} copied`;
    if (process.stderr.isTTY) process.stderr.write(`\r${bar}${done === total ? '\n' : ''}`);
    else if (Math.floor(share * 10) > lastTenth) {
      lastTenth = Math.floor(share * 10);
      print(bar);
    }
  };
}

/** `npm run cli -- storage migrate --to s3|disk [--remove-source]`: moves the library's audio while Hearth runs. */
export const storageCommand: CliCommand = {
  options: { to: { type: 'string' }, 'remove-source': { type: 'boolean' } },
  async run({ db, config, paths, args, print }) {
    const to = args.values.to;
    if (args.positionals[0] !== 'migrate' || (to !== 's3' && to !== 'disk')) throw new CliUsageError('Usage: storage migrate --to s3|disk [--remove-source]');
    if (!config.s3) throw new CliUsageError('storage migrate needs the bucket: set S3_BUCKET, S3_ENDPOINT, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
    const disk = localStorage(paths.mediaDir);
    const bucket = s3Storage(paths.mediaDir, config.s3).audio;
    const [from, target] = to === 's3' ? [disk.audio, bucket] : [bucket, disk.audio];
    const removeSource = args.values['remove-source'] === true;
    const result = await migrateAudio({ work: disk, from, to: target, hashes: referencedAudioHashes(db), removeSource, onProgress: progressBar(print) });
    if (result.failed.length > 0) {
      print(`${result.failed.length} songs' audio could not be verified (its bytes did not match its hash, or could not be read back) and stayed where it was: ${result.failed.join(', ')}. Nothing was removed.`);
      return 1;
    }
    print(`All ${result.done} songs' audio is in ${to === 's3' ? `the bucket ${config.s3.bucket}` : 'DATA_DIR/media'}, verified.`);
    if (removeSource) print(`Removed ${result.removed} copies from the ${to === 's3' ? 'disk' : 'bucket'}.`);
    else print(`Restart Hearth ${to === 's3' ? 'with' : 'without'} S3_BUCKET to use it; then run again with --remove-source to free the ${to === 's3' ? 'disk' : 'bucket'}.`);
  },
};
