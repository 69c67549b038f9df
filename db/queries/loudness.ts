import { and, asc, count, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../client.ts';
import type { LoudnessStatus } from '../../src/shared/enums.ts';
import { type SongRow, songs } from '../schema/index.ts';

/** The next live song still waiting for its measurement, after `afterId` (null: none). */
export function nextPendingSong(db: Db, afterId = 0): Pick<SongRow, 'id' | 'audioHash' | 'audioPath' | 'albumId'> | null {
  return (
    db
      .select({ id: songs.id, audioHash: songs.audioHash, audioPath: songs.audioPath, albumId: songs.albumId })
      .from(songs)
      .where(and(eq(songs.loudnessStatus, 'pending'), isNull(songs.deletedAt), gt(songs.id, afterId)))
      .orderBy(asc(songs.id))
      .get() ?? null
  );
}

export interface TrackLoudness {
  loudness: number;
  trackGain: number;
  trackPeak: number;
}

/**
 * Stores a measurement, only if the song still has the audio that was measured (a replacement
 * meanwhile leaves it pending). Album gain falls back to the track's until the album is summed.
 */
export function saveTrackLoudness(db: Db, id: number, audioHash: string, values: TrackLoudness): boolean {
  const done = db
    .update(songs)
    .set({ ...values, albumGain: values.trackGain, albumPeak: values.trackPeak, loudnessStatus: 'measured', loudnessError: null })
    .where(and(eq(songs.id, id), eq(songs.audioHash, audioHash)))
    .returning({ id: songs.id })
    .get();
  return !!done;
}

export function saveLoudnessFailure(db: Db, id: number, audioHash: string, reason: string): void {
  db.update(songs)
    .set({ loudnessStatus: 'failed', loudnessError: reason })
    .where(and(eq(songs.id, id), eq(songs.audioHash, audioHash)))
    .run();
}

/** The measured songs of an album, for its gain. */
export function measuredAlbumSongs(db: Db, albumId: number): { loudness: number; duration: number; trackPeak: number | null }[] {
  return db
    .select({ loudness: songs.loudness, duration: songs.duration, trackPeak: songs.trackPeak })
    .from(songs)
    .where(and(eq(songs.albumId, albumId), eq(songs.loudnessStatus, 'measured'), isNotNull(songs.loudness), isNull(songs.deletedAt)))
    .all() as { loudness: number; duration: number; trackPeak: number | null }[];
}

export function setAlbumLoudness(db: Db, albumId: number, albumGain: number, albumPeak: number): void {
  db.update(songs)
    .set({ albumGain, albumPeak })
    .where(and(eq(songs.albumId, albumId), eq(songs.loudnessStatus, 'measured')))
    .run();
}

/** How many live songs stand where, and the failed ones with their reasons (the first `limit`). */
export function loudnessProgress(db: Db, limit = 50) {
  const counts = db
    .select({ status: songs.loudnessStatus, n: count() })
    .from(songs)
    .where(isNull(songs.deletedAt))
    .groupBy(songs.loudnessStatus)
    .all();
  const by = (status: LoudnessStatus) => counts.find((row) => row.status === status)?.n ?? 0;
  const failures = db
    .select({ id: songs.id, title: songs.title, reason: songs.loudnessError })
    .from(songs)
    .where(and(eq(songs.loudnessStatus, 'failed'), isNull(songs.deletedAt)))
    .orderBy(asc(songs.id))
    .limit(limit)
    .all();
  return { measured: by('measured'), pending: by('pending'), failed: by('failed'), failures: failures.map((row) => ({ ...row, reason: row.reason ?? '' })) };
}
