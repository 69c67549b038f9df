import { findFfmpeg } from '../../media/transcode.ts';
import { measureNextSong } from '../services/loudness/measure.ts';
import type { Job } from './job.ts';

/**
 * Measures every pending song, one at a time (ffmpeg niced), until none is left: at start for
 * songs still pending, then every 15 s for new imports, uploads and replaced audio.
 * Without ffmpeg nothing is measured and the songs keep their ReplayGain tags.
 */
export const loudnessJob: Job = {
  name: 'loudness',
  everyMs: 15_000,
  async run(deps, signal) {
    const ffmpeg = deps.ffmpeg === undefined ? findFfmpeg() : deps.ffmpeg;
    if (!ffmpeg) return;
    let last = 0;
    while (!signal.aborted) {
      const outcome = await measureNextSong(deps.db, deps.storage, ffmpeg, signal, last);
      if (!outcome) return;
      last = outcome.id;
      if (outcome.status === 'failed') deps.log.warn(`Could not measure the loudness of song ${outcome.id}: ${outcome.reason}`);
      // A failure found without touching ffmpeg (a lost file) resolves at once: without this turn,
      // thousands of them in a row would keep the server from answering anyone.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  },
};
