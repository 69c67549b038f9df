import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { migrateDb } from './migrate.ts';
import { openTempDb } from '../src/testing/server.ts';
import { insertAlbum, insertSong } from '../src/testing/factories.ts';

// The FTS5 index is kept in sync by triggers (migration 0001); the search API relies on it.
let handle: ReturnType<typeof openTempDb>;
beforeAll(() => {
  handle = openTempDb();
});
afterAll(() => handle.remove());

const match = (query: string) =>
  handle.sqlite.query('SELECT rowid AS id FROM songs_fts WHERE songs_fts MATCH ?').all(query).map((r) => (r as { id: number }).id);

describe('songs_fts', () => {
  test('follows inserts, updates, album renames, album deletes and song deletes', () => {
    const album = insertAlbum(handle.db, { name: 'Abbey Road' });
    const song = insertSong(handle.db, { title: 'Come Together', artist: 'Beyoncé', albumId: album.id });
    expect(match('beyonce')).toEqual([song.id]);
    expect(match('abbey')).toEqual([song.id]);
    handle.sqlite.query('UPDATE songs SET title = ? WHERE id = ?').run('Something', song.id);
    expect(match('together')).toEqual([]);
    expect(match('something')).toEqual([song.id]);
    handle.sqlite.query('UPDATE albums SET name = ? WHERE id = ?').run('Let It Be', album.id);
    expect(match('abbey')).toEqual([]);
    expect(match('"let" "it"')).toEqual([song.id]);
    handle.sqlite.query('DELETE FROM albums WHERE id = ?').run(album.id);
    expect(match('"let"')).toEqual([]);
    handle.sqlite.query('DELETE FROM songs WHERE id = ?').run(song.id);
    expect(match('something')).toEqual([]);
  });

  test('migrations apply twice without harm and foreign keys are on', () => {
    migrateDb(handle.db);
    expect(handle.sqlite.query('PRAGMA foreign_keys').get()).toEqual({ foreign_keys: 1 });
    expect(handle.sqlite.query('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
  });
});
