import { type ImportReport, importFolder } from '../../services/media/import.ts';
import { type CliCommand, CliUsageError } from './command.ts';
import { CLI_PROGRAM } from '../release/is-binary.ts';

let drawnAt = 0;

/** A one-line progress bar, redrawn in place at most ten times a second; only on a terminal. */
function progressBar(done: number, total: number, file: string): void {
  const now = performance.now();
  if (done < total && now - drawnAt < 100) return;
  drawnAt = now;
  const width = 30;
  const filled = total === 0 ? width : Math.round((done / total) * width);
  const label = file.length > 40 ? `…${file.slice(-39)}` : file;
  process.stderr.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} ${label}\x1b[K`);
  if (done === total) process.stderr.write('\n');
}

function summary(report: ImportReport, print: (line: string) => void): void {
  print(`Imported ${report.imported}, skipped ${report.skipped.length}, failed ${report.failed.length}.`);
  const reasons = new Map<string, number>();
  for (const { reason } of report.skipped) reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  for (const [reason, count] of reasons) print(`  skipped ${count}: ${reason}`);
  for (const { file, reason } of report.failed) print(`  failed ${file}: ${reason}`);
  for (const { file, reason } of report.notes) print(`  note ${file}: ${reason}`);
}

/** `npm run cli -- import DIR [--publish] [--in-place]` */
export const importCommand: CliCommand = {
  options: { publish: { type: 'boolean', default: false }, 'in-place': { type: 'boolean', default: false } },
  async run({ db, storage, args, print }) {
    const dir = args.positionals[0];
    if (!dir) throw new CliUsageError(`"import" needs a folder: ${CLI_PROGRAM} import DIR [--publish] [--in-place]`);
    let report: ImportReport;
    try {
      report = await importFolder(db, storage, dir, {
        publish: args.values.publish === true,
        inPlace: args.values['in-place'] === true,
        onProgress: process.stderr.isTTY ? progressBar : undefined,
      });
    } catch (error) {
      if (error instanceof Error && error.message.includes('is not a folder')) throw new CliUsageError(error.message);
      throw error;
    }
    summary(report, print);
    if (report.failed.length === 0) return 0;
    // Scripts and cron jobs must see that the library is not all in: exit 1, said in words too.
    console.error(`Error: ${report.failed.length} of ${report.failed.length + report.imported + report.skipped.length} files could not be imported (listed above); run the same command again to retry them.`);
    return 1;
  },
};
