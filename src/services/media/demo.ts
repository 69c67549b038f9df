import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { Db } from '../../../db/client.ts';
import { hasSongWithAudio } from '../../../db/queries/media-refs.ts';
import type { MediaStorage } from '../../../media/storage.ts';
import { createSong } from './audio.ts';
import { paintCover, synthesizeTrack } from './demo-synth.ts';

interface DemoAlbum {
  name: string;
  artist: string;
  colors: [[number, number, number], [number, number, number]];
  root: number;
  scale: number[];
  tags: string[];
  titles: string[];
}

const ALBUMS: DemoAlbum[] = [
  { name: 'Morning Light', artist: 'The Hearthsiders', colors: [[255, 183, 77], [255, 112, 67]], root: 3, scale: [0, 2, 4, 7, 9], tags: ['demo', 'bright'], titles: ['First Coffee', 'Open Curtains', 'Garden Path', 'Bicycle Bell'] },
  { name: 'Evening Embers', artist: 'Grandpa Joe', colors: [[94, 53, 177], [30, 30, 60]], root: -4, scale: [0, 3, 5, 7, 10], tags: ['demo', 'calm'], titles: ['Slow Fire', 'Lamplight', 'Porch Swing', 'Last Train Home'] },
  { name: 'Rainy Day Tunes', artist: 'Kitchen Band', colors: [[38, 166, 154], [21, 101, 192]], root: 0, scale: [0, 2, 3, 5, 7, 8, 10], tags: ['demo', 'kids'], titles: ['Puddle Jump', 'Umbrella Dance', 'Window Drops', 'Blanket Fort'] },
];

export interface DemoReport {
  created: number;
  existing: number;
}

/**
 * `cli demo`: a dozen short generated tracks in three albums with covers and tags, all made
 * here at run time (no network, no ffmpeg). Deterministic, so running it twice adds nothing.
 */
export async function seedDemo(db: Db, storage: MediaStorage): Promise<DemoReport> {
  const report: DemoReport = { created: 0, existing: 0 };
  for (const [a, album] of ALBUMS.entries()) {
    const cover = await paintCover(...album.colors);
    for (const [t, title] of album.titles.entries()) {
      const wav = synthesizeTrack(a * 100 + t + 1, album.root, album.scale, 6 + t);
      const hash = createHash('sha256').update(wav).digest('hex');
      if (hasSongWithAudio(db, hash)) {
        report.existing += 1;
        continue;
      }
      const temp = storage.tempPath();
      writeFileSync(temp, wav);
      await storage.audio.commit(temp, hash);
      const tags = { duration: (wav.length - 44) / 2 / 22050, title, artist: album.artist, album: album.name, track: t + 1, disc: null, genres: [], year: null, picture: { data: cover, format: 'png' as const }, lyrics: null, explicit: false, ignoredGainTags: [], trim: null, replayGain: { trackGain: null, albumGain: null, trackPeak: null, albumPeak: null } };
      createSong(db, storage, { hash, format: 'wav', size: wav.length, tags, filename: `${title}.wav` }, { status: 'published', userId: null, tags: album.tags });
      report.created += 1;
    }
  }
  return report;
}
