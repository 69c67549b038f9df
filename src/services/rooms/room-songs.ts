import type { Db } from '../../../db/client.ts';
import { isRestricted } from '../../../db/queries/visibility.ts';
import type { UserRow } from '../../../db/schema/index.ts';
import { toSongDto } from '../catalogue/dto.ts';
import { requireVisibleSongFor } from '../catalogue/songs.ts';
import { searchSongs } from '../catalogue/search.ts';
import type { SongDto } from '../../shared/types.ts';
import type { Room, RoomSong } from './room.ts';

// A room offers what its host may see: both lookups go through the catalogue's visible-song
// queries with the host as the viewer, so a rule about who sees what applies to guests too.

/** A song the host may see, as the queue shows it; 404 otherwise. */
export function roomSong(db: Db, host: UserRow, songId: number): RoomSong {
  const { song, albumName } = requireVisibleSongFor(db, songId, host);
  const dto = toSongDto(song, albumName);
  return { songId: dto.id, title: dto.title, artist: dto.artist ?? '', audioUrl: dto.audioUrl, durationMs: Math.round(dto.duration * 1000) };
}

/** The room's search: the library's search as the host would see it. */
export function searchForRoom(db: Db, room: Room, query: string | undefined): { songs: SongDto[] } {
  return searchSongs(db, query, room.host);
}

/**
 * Whether a signed-in member may join someone else's room as themselves: its queue and search
 * are the host's library, so a restricted member joins only a room they host.
 */
export function seesRoomLibrary(member: UserRow): boolean {
  return !isRestricted(member);
}
