import { purgeJob } from '../../jobs/index.ts';
import type { CliCommand } from './command.ts';

/** `npm run cli -- purge`: the hourly trash purge, now (same job, same hooks as the server). */
export const purgeCommand: CliCommand = {
  options: {},
  async run({ db, config, log, storage, print }) {
    const { songs, albums, playlists } = await purgeJob.purgeNow({ db, config, log, storage, now: Date.now });
    print(`Purged ${songs.length} songs, ${albums.length} albums and ${playlists} playlists deleted more than 7 days ago.`);
  },
};
