import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { findSongById, listLiveSongValues, listPublishedSongValues } from '../../../db/queries/songs.ts';
import { insertAlbum, insertSong } from '../../testing/factories.ts';
import { openTempDb } from '../../testing/server.ts';
import { songDtoFromValues, toSongDto } from './dto.ts';
import { EVERYONE } from '../../../db/queries/visibility.ts';

// The big lists read raw bun:sqlite values (db/queries/song-values.ts); they must give exactly
// what the drizzle query and toSongDto give for the same song, field for field.
let handle: ReturnType<typeof openTempDb>;
beforeAll(() => {
  handle = openTempDb();
  const live = insertAlbum(handle.db, { name: 'Live Album', artworkUrl: '/objects/artwork/a.jpg' });
  const trashed = insertAlbum(handle.db, { name: 'Trashed Album', deletedAt: new Date(1_700_000_000_000) });
  insertSong(handle.db, { title: 'b plain', artist: null, originalFilename: null, userId: null });
  insertSong(handle.db, { title: 'A tagged', tags: ['rock', 'live "quoted"'], albumId: live.id, albumOrder: 3 });
  insertSong(handle.db, { title: 'c pending', status: 'pending', artworkUrl: '/objects/artwork/c.png', duration: 12.5 });
  insertSong(handle.db, { title: 'D in trashed album', albumId: trashed.id });
  insertSong(handle.db, { title: 'e trashed', deletedAt: new Date(1_700_000_123_456) });
});
afterAll(() => handle.remove());

const viaDrizzle = (id: number) => {
  const row = findSongById(handle.db, id)!;
  return toSongDto(row.song, row.albumName);
};

describe('songDtoFromValues', () => {
  test('the library equals toSongDto of the same songs, in NOCASE title order', () => {
    const library = listPublishedSongValues(handle.db, EVERYONE).map(songDtoFromValues);
    expect(library.map((s) => s.title)).toEqual(['A tagged', 'b plain', 'D in trashed album']);
    for (const song of library) expect(JSON.stringify(song)).toBe(JSON.stringify(viaDrizzle(song.id)));
    expect(library[0]!.tags).toEqual(['rock', 'live "quoted"']);
    expect(library[2]!.albumName).toBeNull();
  });

  test('the admin list adds pending songs and still equals toSongDto', () => {
    const all = listLiveSongValues(handle.db).map(songDtoFromValues);
    expect(all.map((s) => s.title)).toEqual(['A tagged', 'b plain', 'c pending', 'D in trashed album']);
    for (const song of all) expect(JSON.stringify(song)).toBe(JSON.stringify(viaDrizzle(song.id)));
  });
});
