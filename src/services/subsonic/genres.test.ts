import { afterAll, expect, test } from 'bun:test';
import { EVERYONE } from '../../../db/queries/visibility.ts';
import { insertSong } from '../../testing/factories.ts';
import { openTempDb } from '../../testing/server.ts';
import { genreIndex, genreIndexFor, indexOfSorted } from './genres.ts';
import { createLibraryIndex } from './library.ts';

const handle = openTempDb();
afterAll(() => handle.remove());

test("a song's genre keys: its genres, or its tags; songs with the same keys share one list", () => {
  const rock = Array.from({ length: 50 }, () => insertSong(handle.db, { genres: ['Rock', 'Pop'] }));
  const tagged = insertSong(handle.db, { genres: [], tags: ['Lullaby'] });
  const none = insertSong(handle.db, { genres: [], tags: [] });
  const hidden = insertSong(handle.db, { genres: ['Secret'], status: 'pending' });
  const genres = genreIndex(handle.db, createLibraryIndex(handle.db).current(Date.now(), EVERYONE));
  expect(genres.ofSong(rock[0]!.id)).toEqual(['rock', 'pop']);
  expect(genres.ofSong(tagged.id)).toEqual(['lullaby']);
  expect(genres.ofSong(none.id)).toEqual([]);
  expect(genres.ofSong(hidden.id)).toEqual([]);
  expect(genres.ofSong(999_999)).toEqual([]);
  // One list for fifty songs: the index's size follows the distinct genre lists, not the songs.
  expect(new Set(rock.map((song) => genres.ofSong(song.id))).size).toBe(1);
  expect(genres.byKey.get('rock')?.songIds).toEqual(rock.map((song) => song.id));
});

test('indexOfSorted finds ids in an ascending array', () => {
  const ids = Int32Array.from([2, 5, 9, 40]);
  expect([2, 5, 9, 40, 1, 6, 41].map((id) => indexOfSorted(ids, id))).toEqual([0, 1, 2, 3, -1, -1, -1]);
  expect(indexOfSorted(new Int32Array(0), 1)).toBe(-1);
});

test('the genre index is kept per catalogue version and restriction, without a library built', () => {
  const clean = { restrictClean: true, restrictAlbumIds: null };
  insertSong(handle.db, { genres: ['Polka'], explicit: true });
  const everyone = genreIndexFor(handle.db, EVERYONE);
  expect(genreIndexFor(handle.db, EVERYONE)).toBe(everyone);
  expect(everyone.byKey.get('polka')?.songIds).toHaveLength(1);
  // A Clean member's own index: the explicit song is not in it.
  expect(genreIndexFor(handle.db, clean).byKey.get('polka')).toBeUndefined();
  // A catalogue write makes a new one, and the library's own version reads the same index.
  insertSong(handle.db, { genres: ['polka'] });
  const after = genreIndexFor(handle.db, EVERYONE);
  expect(after).not.toBe(everyone);
  expect(after.byKey.get('polka')?.songIds).toHaveLength(2);
  expect(after.byKey.get('polka')?.name).toBe('Polka');
  expect(genreIndex(handle.db, createLibraryIndex(handle.db).current(Date.now(), EVERYONE))).toBe(after);
  expect(genreIndexFor(handle.db, clean).byKey.get('polka')?.songIds).toHaveLength(1);
});

test('the library builds the genre index beside it from the same rows, as the genres alone would', () => {
  insertSong(handle.db, { genres: [], tags: ['Fado'] });
  insertSong(handle.db, { genres: ['  Fado ', 'Folk'] });
  const library = createLibraryIndex(handle.db).current(Date.now(), EVERYONE);
  // A write after the library: its genre index was made with it, from the rows it was built of.
  insertSong(handle.db, { genres: ['Zydeco'] });
  const beside = genreIndexFor(handle.db, EVERYONE, library.version);
  expect(genreIndex(handle.db, library)).toBe(beside);
  expect(beside.byKey.get('zydeco')).toBeUndefined();
  const alone = genreIndexFor(handle.db, EVERYONE);
  expect(alone.byKey.get('zydeco')?.songIds).toHaveLength(1);
  const shape = (index: typeof beside) => index.list.filter((genre) => genre.name !== 'Zydeco').map((genre) => [genre.name, genre.songIds, [...genre.albumIds]]);
  expect(shape(beside)).toEqual(shape(alone));
  expect(beside.byKey.get('fado')?.songIds).toHaveLength(2);
});
