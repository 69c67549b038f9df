import type { QueryClient } from '@tanstack/react-query';
import type { AlbumDto } from '../../src/shared/types.ts';
import { albumKeys } from '../lib/api/albums.ts';
import { playlistKeys } from '../lib/api/playlists.ts';
import { searchKeys } from '../lib/api/search.ts';
import { songKeys } from '../lib/api/songs.ts';

const isAlbum = (key: readonly unknown[], id: number) => key[0] === albumKeys.list[0] && key[1] === String(id);
// Reads that show albums or songs (songs carry their album's name); the session is not one.
const SHOWS_ALBUMS = new Set<unknown>([albumKeys.list[0], songKeys.library[0], playlistKeys.list[0], searchKeys.songs('')[0]]);
const showsAlbums = (key: readonly unknown[]) => SHOWS_ALBUMS.has(key[0]);

/**
 * After a rename: the album's own entry takes the server's answer; every other read that shows
 * albums or songs (the album list; library, search and playlists, whose songs carry the
 * album's name) reloads.
 */
export function albumRenamed(queryClient: QueryClient, album: AlbumDto): void {
  queryClient.setQueryData(albumKeys.one(String(album.id)), album);
  void queryClient.invalidateQueries({ predicate: ({ queryKey }) => showsAlbums(queryKey) && !(queryKey.length === 2 && isAlbum(queryKey, album.id)) });
}

/**
 * After a delete (and after leaving the album's page, or its reads would refetch and flash
 * 'Album not found'): forget the album, reload what shows albums or songs.
 */
export function albumDeleted(queryClient: QueryClient, id: number): void {
  queryClient.removeQueries({ predicate: (query) => isAlbum(query.queryKey, id) });
  void queryClient.invalidateQueries({ predicate: ({ queryKey }) => showsAlbums(queryKey) });
}
