import { createHash } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import {
  type AlbumRow,
  type PlaylistRow,
  type SongRow,
  albums,
  playlistEntries,
  playlists,
  songs,
} from '../../db/schema/index.ts';
import { randomId } from '../shared/ids.ts';

let counter = 0;
const next = () => ++counter;
const fakeHash = (seed: string) => createHash('sha256').update(seed).digest('hex');

/** Builders for test data: plain values with sensible defaults; overrides win. */
export function buildSong(overrides: Partial<typeof songs.$inferInsert> = {}): typeof songs.$inferInsert {
  const n = next();
  return {
    title: `Song ${n}`,
    artist: `Artist ${n}`,
    audioHash: fakeHash(`song-${n}-${Math.random()}`),
    audioFormat: 'mp3',
    duration: 180,
    fileSize: 3_000_000,
    originalFilename: `song-${n}.mp3`,
    status: 'published',
    shareId: randomId(),
    ...overrides,
  };
}

export function insertSong(db: Db, overrides: Partial<typeof songs.$inferInsert> = {}): SongRow {
  return db.insert(songs).values(buildSong(overrides)).returning().get();
}

/** `count` published songs titled "Middle 0000"…, which sort between "Aaa…" and "Zz…" titles: a long library in one transaction. */
export function insertFillerSongs(db: Db, count: number): void {
  db.transaction((tx) => {
    const filler = Array.from({ length: count }, (_, i) => buildSong({ title: `Middle ${String(i).padStart(4, '0')}` }));
    for (let i = 0; i < filler.length; i += 500) tx.insert(songs).values(filler.slice(i, i + 500)).run();
  });
}

export function insertAlbum(db: Db, overrides: Partial<typeof albums.$inferInsert> = {}): AlbumRow {
  return db
    .insert(albums)
    .values({ name: `Album ${next()}`, shareId: randomId(), ...overrides })
    .returning()
    .get();
}

export function insertPlaylist(
  db: Db,
  overrides: Partial<typeof playlists.$inferInsert> & { userId: number },
  songIds: number[] = [],
): PlaylistRow {
  const playlist = db
    .insert(playlists)
    .values({ name: `Playlist ${next()}`, shareId: randomId(), ...overrides })
    .returning()
    .get();
  songIds.forEach((songId, position) => {
    db.insert(playlistEntries).values({ playlistId: playlist.id, songId, position }).run();
  });
  return playlist;
}
