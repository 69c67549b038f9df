import { spawnSync } from 'node:child_process';
import { cachedFixture } from './fixture-cache.ts';

export interface ToneTags {
  title?: string;
  artist?: string;
  album?: string;
  genre?: string;
  date?: string;
  disc?: string;
  track?: string;
}

/**
 * A one-second tone written by ffmpeg with these tags, in the format the file name says
 * (.mp3 ID3v2.4, .flac and .ogg Vorbis comments, .m4a MP4 atoms). `frequency` makes each distinct.
 * Made once per machine (src/testing/fixture-cache.ts), copied to `out`.
 */
export function taggedTone(out: string, tags: ToneTags, frequency = 440): string {
  const metadata = Object.entries(tags).flatMap(([key, value]) => ['-metadata', `${key}=${value}`]);
  return cachedFixture(['tagged tone', frequency, metadata], out, (path) => {
    const run = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-f', 'lavfi', '-i', `sine=frequency=${frequency}:duration=1`, ...metadata, path]);
    if (run.status !== 0) throw new Error(`ffmpeg could not make ${out}: ${run.stderr}`);
  });
}
