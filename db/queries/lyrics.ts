import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import type { LyricsSource } from '../../src/shared/enums.ts';
import { type LyricsLineValue, songLyrics, songs } from '../schema/index.ts';
import { type Viewer, visibleSongsFor, withinRestrictions } from './visibility.ts';

export interface StoredLyrics {
  synced: boolean;
  lines: LyricsLineValue[];
  lang: string | null;
  source: LyricsSource;
}

/** The song_lyrics row alone: for a new song's insert, which sets songs.has_lyrics itself. */
export function insertLyricsRow(db: Db, songId: number, lyrics: StoredLyrics): void {
  const values = { synced: lyrics.synced, lines: lyrics.lines, lang: lyrics.lang, source: lyrics.source, updatedAt: new Date() };
  db.insert(songLyrics).values({ songId, ...values }).onConflictDoUpdate({ target: songLyrics.songId, set: values }).run();
}

/**
 * Stores, replaces or (null) removes a song's lyrics and its has_lyrics flag in one transaction.
 * False when there is no such song.
 */
export function replaceSongLyrics(db: Db, songId: number, lyrics: StoredLyrics | null): boolean {
  return db.transaction((tx) => {
    const song = tx.update(songs).set({ hasLyrics: lyrics !== null }).where(eq(songs.id, songId)).returning({ id: songs.id }).get();
    if (!song) return false;
    if (lyrics) insertLyricsRow(tx as unknown as Db, songId, lyrics);
    else tx.delete(songLyrics).where(eq(songLyrics.songId, songId)).run();
    return true;
  });
}

/** A song's lyrics with what decides who may read them (its status, whether it is trashed). */
export function findSongLyrics(db: Db, songId: number, viewer: Viewer): { lyrics: StoredLyrics | null; status: string; trashed: boolean } | null {
  const row = db
    .select({ status: songs.status, deletedAt: songs.deletedAt, lyrics: songLyrics })
    .from(songs)
    .leftJoin(songLyrics, eq(songLyrics.songId, songs.id))
    .where(and(eq(songs.id, songId), withinRestrictions(viewer)))
    .get();
  if (!row) return null;
  const stored = row.lyrics ? { synced: row.lyrics.synced, lines: row.lyrics.lines, lang: row.lyrics.lang, source: row.lyrics.source } : null;
  return { lyrics: stored, status: row.status, trashed: row.deletedAt !== null };
}

/** The lyrics of a published song with this title (and artist, when given), matched without case. */
export function findPublishedLyricsByTitle(db: Db, viewer: Viewer, title: string, artist: string | undefined): { title: string; artist: string | null; lyrics: StoredLyrics } | null {
  const conditions = [visibleSongsFor(viewer), eq(songs.hasLyrics, true), sql`lower(${songs.title}) = lower(${title})`];
  if (artist !== undefined) conditions.push(sql`lower(${songs.artist}) = lower(${artist})`);
  const row = db
    .select({ title: songs.title, artist: songs.artist, lyrics: songLyrics })
    .from(songs)
    .innerJoin(songLyrics, eq(songLyrics.songId, songs.id))
    .where(and(...conditions))
    .orderBy(asc(songs.id))
    .get();
  if (!row) return null;
  const { synced, lines, lang, source } = row.lyrics;
  return { title: row.title, artist: row.artist, lyrics: { synced, lines, lang, source } };
}
