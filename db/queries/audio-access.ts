import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { songs, tempShares } from '../schema/index.ts';
import { perDb } from './prepared.ts';

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
