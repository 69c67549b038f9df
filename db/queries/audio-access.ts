import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { songs, tempShares } from '../schema/index.ts';
import { perDb } from './prepared.ts';
import { type Viewer, perViewer, visibleSongsSql } from './visibility.ts';

/**
 * The few columns an audio request checks, by shareId, as prepared statements: every 1 MiB
 * range asks again, and the ad-hoc builder over the whole row cost ~0.4 ms a request.
 */
const songAudioQuery = perDb((db) =>
  db
    .select({ audioHash: songs.audioHash, audioFormat: songs.audioFormat, audioPath: songs.audioPath, status: songs.status, deletedAt: songs.deletedAt })
    .from(songs)
    .where(eq(songs.shareId, sql.placeholder('shareId')))
    .prepare(),
);

const tempShareAudioQuery = perDb((db) =>
  db
    .select({ audioHash: tempShares.audioHash, audioFormat: tempShares.audioFormat })
    .from(tempShares)
    .where(and(eq(tempShares.shareId, sql.placeholder('shareId')), or(isNull(tempShares.expiresAt), gt(tempShares.expiresAt, sql.placeholder('now')))))
    .prepare(),
);

export type SongAudioRow = NonNullable<ReturnType<ReturnType<typeof songAudioQuery>['get']>>;

/** Any song's audio columns by shareId, whatever its state (the caller decides access). */
export function findSongAudio(db: Db, shareId: string): SongAudioRow | null {
  return songAudioQuery(db).get({ shareId }) ?? null;
}

/** A temporary share's audio columns while it has not expired at `now` (epoch ms). */
export function findLiveTempShareAudio(db: Db, shareId: string, now: number): { audioHash: string; audioFormat: string } | null {
  return tempShareAudioQuery(db).get({ shareId, now }) ?? null;
}

const songVisibleQuery = perViewer((db, viewer) =>
  db.$client.prepare<[number], [string]>(`SELECT 1 FROM songs s WHERE s.share_id = ? AND ${visibleSongsSql(viewer)}`),
);

/** Whether the viewer may hear the song with this share id (the one visibility rule). */
export function songShareIdVisibleTo(db: Db, shareId: string, viewer: Viewer): boolean {
  return songVisibleQuery(db, viewer).values(shareId).length > 0;
}

// By content hash, so the original and its preview answer alike; a playlist's own picture too.
const imageVisibleQuery = perViewer((db, viewer) =>
  db.$client.prepare<[number], [string, string]>(
    `SELECT 1 WHERE EXISTS (SELECT 1 FROM songs s WHERE instr(s.artwork_url, ?1) > 0 AND ${visibleSongsSql(viewer)})
       OR EXISTS (SELECT 1 FROM playlists p WHERE instr(p.artwork_url, ?2) > 0 AND p.deleted_at IS NULL)`,
  ),
);

/** Whether an image (by content hash) is the artwork of a song the viewer may see, or of a playlist. */
export function imageVisibleTo(db: Db, hash: string, viewer: Viewer): boolean {
  return imageVisibleQuery(db, viewer).values(hash, hash).length > 0;
}
