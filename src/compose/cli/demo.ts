import { seedDemo } from '../../services/media/demo.ts';
import type { CliCommand } from './command.ts';

/** `npm run cli -- demo`: a small published catalogue of generated music, so a newcomer hears something. */
export const demoCommand: CliCommand = {
  options: {},
  async run({ db, storage, print }) {
    const { created, existing } = await seedDemo(db, storage);
    print(existing > 0 && created === 0 ? `The demo catalogue is already there (${existing} songs).` : `Added ${created} demo songs in 3 albums.`);
  },
};
