import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { type PlaylistRow, albums, playlistEntries, playlists, songs } from '../schema/index.ts';
import { perDb } from './prepared.ts';
import type { SongWithAlbum } from './songs.ts';
import { type Viewer, perViewer, visibleSongsFor, visibleSongsSql } from './visibility.ts';

/** A playlist with the artwork of its first visible song that has one, as a fallback. */
export interface PlaylistWithArtwork {
  playlist: PlaylistRow;
  firstArtworkUrl: string | null;
}

// Raw SQL: drizzle renders a bare "id" inside a subquery, which SQLite finds ambiguous.
const firstArtwork = (viewer: Viewer) => sql<string | null>`(
  SELECT s.artwork_url FROM playlist_entries e JOIN songs s ON s.id = e.song_id
  WHERE e.playlist_id = playlists.id AND ${sql.raw(visibleSongsSql(viewer))}
    AND s.artwork_url IS NOT NULL
  ORDER BY e.position LIMIT 1)`;

const live = isNull(playlists.deletedAt);

const ofUserQuery = perViewer((db, viewer) =>
  db
    .select({ playlist: playlists, firstArtworkUrl: firstArtwork(viewer) })
    .from(playlists)
    .where(and(eq(playlists.userId, sql.placeholder('userId')), live))
    .orderBy(sql`${playlists.name} COLLATE NOCASE`, asc(playlists.id))
    .prepare(),
);

const byIdQuery = perViewer((db, viewer) =>
  db
    .select({ playlist: playlists, firstArtworkUrl: firstArtwork(viewer) })
    .from(playlists)
    .where(eq(playlists.id, sql.placeholder('id')))
    .prepare(),
);

const songsQuery = perViewer((db, viewer) =>
  db
    .select({ song: songs, albumName: albums.name })
    .from(playlistEntries)
    .innerJoin(songs, eq(songs.id, playlistEntries.songId))
    .leftJoin(albums, and(eq(albums.id, songs.albumId), isNull(albums.deletedAt)))
    .where(
      and(eq(playlistEntries.playlistId, sql.placeholder('playlistId')), visibleSongsFor(viewer)),
    )
    .orderBy(asc(playlistEntries.position))
    .prepare(),
);

/** A user's playlists that are not in the trash, by name case-insensitively. */
export function listPlaylistsOfUser(db: Db, userId: number, viewer: Viewer): PlaylistWithArtwork[] {
  return ofUserQuery(db, viewer).all({ userId });
}

export function findPlaylistById(db: Db, id: number, viewer: Viewer): PlaylistWithArtwork | undefined {
  return byIdQuery(db, viewer).get({ id });
}

/** The playlist's songs the viewer may see (published, not trashed, allowed) in playlist order. */
export function listPlaylistSongs(db: Db, playlistId: number, viewer: Viewer): SongWithAlbum[] {
  return songsQuery(db, viewer).all({ playlistId });
}

export function insertPlaylistRow(db: Db, values: { name: string; shareId: string; userId: number }): PlaylistRow {
  return db.insert(playlists).values(values).returning().get();
}

export function updatePlaylist(db: Db, id: number, changes: Partial<Pick<PlaylistRow, 'name' | 'deletedAt' | 'comment' | 'public'>>, now: Date) {
  db.update(playlists)
    .set({ ...changes, updatedAt: now })
    .where(eq(playlists.id, id))
    .run();
}

/** Which of a user's live playlists hold this song (hidden entries too: adding it again is refused). */
export function listPlaylistIdsOfUserWithSong(db: Db, userId: number, songId: number): number[] {
  return db
    .selectDistinct({ id: playlists.id })
    .from(playlistEntries)
    .innerJoin(playlists, eq(playlists.id, playlistEntries.playlistId))
    .where(and(eq(playlists.userId, userId), live, eq(playlistEntries.songId, songId)))
    .orderBy(asc(playlists.id))
    .all()
    .map((row) => row.id);
}

/** Every entry's song id in order, hidden songs included. */
export function listEntrySongIds(db: Db, playlistId: number): number[] {
  return db
    .select({ songId: playlistEntries.songId })
    .from(playlistEntries)
    .where(eq(playlistEntries.playlistId, playlistId))
    .orderBy(asc(playlistEntries.position))
    .all()
    .map((row) => row.songId);
}

export function appendEntry(db: Db, playlistId: number, songId: number): void {
  const last = db
    .select({ max: sql<number | null>`max(${playlistEntries.position})` })
    .from(playlistEntries)
    .where(eq(playlistEntries.playlistId, playlistId))
    .get();
  db.insert(playlistEntries)
    .values({ playlistId, songId, position: (last?.max ?? -1) + 1 })
    .run();
}

/** Removes one entry and closes the gap so positions stay dense. False when absent. */
export function removeEntry(db: Db, playlistId: number, songId: number): boolean {
  const removed = db
    .delete(playlistEntries)
    .where(and(eq(playlistEntries.playlistId, playlistId), eq(playlistEntries.songId, songId)))
    .returning()
    .get();
  if (!removed) return false;
  db.update(playlistEntries)
    .set({ position: sql`${playlistEntries.position} - 1` })
    .where(and(eq(playlistEntries.playlistId, playlistId), gt(playlistEntries.position, removed.position)))
    .run();
  return true;
}

/** Rewrites positions to follow `songIds` (which must list every entry). */
export function setEntryOrder(db: Db, playlistId: number, songIds: number[]): void {
  songIds.forEach((songId, position) => {
    db.update(playlistEntries)
      .set({ position })
      .where(and(eq(playlistEntries.playlistId, playlistId), eq(playlistEntries.songId, songId)))
      .run();
  });
}
