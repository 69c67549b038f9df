import type { Db } from '../../../db/client.ts';
import { measuredAlbumSongs, nextPendingSong, saveLoudnessFailure, saveTrackLoudness, setAlbumLoudness } from '../../../db/queries/loudness.ts';
import { LoudnessError, measureLoudness } from '../../../media/loudness.ts';
import type { MediaStorage } from '../../../media/storage.ts';
import type { Ffmpeg } from '../../../media/transcode.ts';
import { albumLoudness, gainFromLoudness, peakFromDb } from '../../shared/loudness.ts';

/** Sums an album's measured songs into the album gain and peak every one of them carries. */
export function updateAlbumLoudness(db: Db, albumId: number): void {
  const measured = measuredAlbumSongs(db, albumId);
  const lufs = albumLoudness(measured);
  if (lufs === null) return;
  const peak = Math.max(0, ...measured.map((song) => song.trackPeak ?? 0));
  setAlbumLoudness(db, albumId, gainFromLoudness(lufs), peak);
}

export type MeasureOutcome = { id: number; status: 'measured' | 'failed'; reason?: string } | null;

/**
 * Measures the next pending song (after `afterId`) and stores the result or the reason it
 * failed; null when none is left. A song whose audio changed meanwhile stays pending.
 */
export async function measureNextSong(db: Db, storage: MediaStorage, ffmpeg: Ffmpeg, signal?: AbortSignal, afterId = 0): Promise<MeasureOutcome> {
  const song = nextPendingSong(db, afterId);
  if (!song) return null;
  const path = song.audioPath ?? storage.audio.location(song.audioHash);
  try {
    const stored = song.audioPath ? await Bun.file(path).exists() : (await storage.audio.stat(song.audioHash)) !== null;
    if (!stored) throw new LoudnessError('The audio file is missing');
    const reading = await measureLoudness(ffmpeg, path, signal);
    if (signal?.aborted) return null;
    saveTrackLoudness(db, song.id, song.audioHash, { loudness: reading.integrated, trackGain: gainFromLoudness(reading.integrated), trackPeak: peakFromDb(reading.truePeakDb) });
    if (song.albumId !== null) updateAlbumLoudness(db, song.albumId);
    return { id: song.id, status: 'measured' };
  } catch (error) {
    if (signal?.aborted) return null;
    const reason = error instanceof LoudnessError ? error.message : `Measuring failed: ${(error as Error).message}`;
    saveLoudnessFailure(db, song.id, song.audioHash, reason);
    return { id: song.id, status: 'failed', reason };
  }
}
