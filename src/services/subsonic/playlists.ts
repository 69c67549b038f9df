import type { Db } from '../../../db/client.ts';
import { listPlaylistSongs, updatePlaylist as updatePlaylistRow } from '../../../db/queries/playlists.ts';
import { findUserById, findUserByUsername } from '../../../db/queries/users.ts';
import type { UserRow } from '../../../db/schema/index.ts';
import { ConflictError } from '../../errors.ts';
import { cleanOptionalText } from '../../shared/text.ts';
import { toSongDto } from '../catalogue/dto.ts';
import { addSongToPlaylist, removeSongFromPlaylist } from '../playlists/entries.ts';
import {
  type Actor,
  createPlaylist as createWebPlaylist,
  listMyPlaylists,
  renamePlaylist,
  requireEditablePlaylist,
  requireLivePlaylist,
  trashPlaylist,
} from '../playlists/playlists.ts';
import { type Marks, toChild } from './dto.ts';
import { missing, notAuthorised, notFound } from './errors.ts';
import type { Library } from './library.ts';
import { type Params, numericId } from './params.ts';
import type { XmlObject } from './xml.ts';
import type { Viewer } from '../../../db/queries/visibility.ts';

// Playlists follow the web app's rules: you list your own, any family member may open one,
// only its owner (or an admin) changes it; only songs the family can hear are in them.

function playlistSummary(db: Db, viewer: Viewer, id: number, owners: Map<number, string>): XmlObject {
  const { playlist, firstArtworkUrl } = requireLivePlaylist(db, id, viewer);
  const songs = listPlaylistSongs(db, id, viewer);
  let owner = owners.get(playlist.userId);
  if (owner === undefined) owners.set(playlist.userId, (owner = findUserById(db, playlist.userId)?.username ?? ''));
  return {
    id: String(playlist.id),
    name: playlist.name,
    owner,
    comment: playlist.comment ?? undefined,
    public: playlist.public,
    songCount: songs.length,
    duration: Math.round(songs.reduce((sum, row) => sum + row.song.duration, 0)),
    created: playlist.createdAt.toISOString(),
    changed: playlist.updatedAt.toISOString(),
    coverArt: playlist.artworkUrl || firstArtworkUrl ? `pl-${playlist.id}` : undefined,
  };
}

export function playlists(db: Db, user: UserRow, params: Params): XmlObject {
  const username = params.get('username');
  let owner: Actor = user;
  if (username && username.toLowerCase() !== user.username.toLowerCase()) {
    if (!user.isAdmin) throw notAuthorised("Only an admin can list another person's playlists");
    const other = findUserByUsername(db, username.normalize('NFC'));
    if (!other) throw notFound('User');
    owner = other;
  }
  const owners = new Map<number, string>();
  return { playlists: { playlist: listMyPlaylists(db, owner, user).map((found) => playlistSummary(db, user, found.id, owners)) } };
}

function requirePlaylistId(raw: string | undefined, name: string): number {
  if (!raw) throw missing(name);
  const id = numericId(raw, 'pl-', true);
  if (id === null) throw notFound('Playlist');
  return id;
}

export function playlist(db: Db, library: Library, marks: Marks, params: Params): XmlObject {
  return withEntries(db, library, marks, requirePlaylistId(params.get('id'), 'id'));
}

function withEntries(db: Db, library: Library, marks: Marks, id: number): XmlObject {
  const summary = playlistSummary(db, library.viewer, id, new Map());
  const entry = listPlaylistSongs(db, id, library.viewer).map((row) => toChild(toSongDto(row.song, row.albumName), library, marks));
  return { playlist: { ...summary, entry } };
}

/** What apps keep on a playlist and the web app ignores: a description, and whether others may see it. */
const MAX_COMMENT_LENGTH = 1000;

/** Sets `comment` (empty clears it) and `public` when the request names them. */
function setAppFields(db: Db, id: number, params: Params, now: Date): void {
  const raw = params.get('comment');
  const isPublic = params.bool('public');
  const changes = {
    ...(raw === undefined ? {} : { comment: cleanOptionalText(raw)?.slice(0, MAX_COMMENT_LENGTH) ?? null }),
    ...(isPublic === undefined ? {} : { public: isPublic }),
  };
  if (Object.keys(changes).length > 0) updatePlaylistRow(db, id, changes, now);
}

const songIdsOf = (raw: string[]) =>
  raw.map((value) => {
    const id = numericId(value, 'mf-', true);
    if (id === null) throw notFound('Song');
    return id;
  });

/** Adds songs in order; one already there is skipped (a Hearth playlist holds a song once). */
function addSongs(db: Db, playlistId: number, songIds: number[], actor: Actor): void {
  for (const songId of songIds) {
    try {
      addSongToPlaylist(db, playlistId, songId, actor);
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
    }
  }
}

/** createPlaylist: a new one by `name`, or `playlistId`'s songs replaced; answers the playlist. */
export function createPlaylist(db: Db, library: Library, marks: Marks, user: UserRow, params: Params, now: Date): XmlObject {
  const songIds = songIdsOf(params.all('songId'));
  const existing = params.get('playlistId');
  // One transaction: a refused song or name leaves the playlist as it was (or makes none).
  const id = db.transaction(
    () => {
      let playlistId: number;
      if (existing) {
        playlistId = requirePlaylistId(existing, 'playlistId');
        requireEditablePlaylist(db, playlistId, user);
        for (const row of listPlaylistSongs(db, playlistId, user)) removeSongFromPlaylist(db, playlistId, row.song.id, user);
        const name = params.get('name');
        if (name) renamePlaylist(db, playlistId, user, name, now);
      } else {
        const name = params.get('name');
        if (!name) throw missing('name or playlistId');
        playlistId = createWebPlaylist(db, user, name).id;
      }
      addSongs(db, playlistId, songIds, user);
      setAppFields(db, playlistId, params, now);
      return playlistId;
    },
    { behavior: 'immediate' },
  );
  return withEntries(db, library, marks, id);
}

/** updatePlaylist: rename, comment, public, remove by position (among the songs shown), add songs. */
export function updatePlaylist(db: Db, user: UserRow, params: Params, now: Date): XmlObject {
  const id = requirePlaylistId(params.get('playlistId'), 'playlistId');
  const added = songIdsOf(params.all('songIdToAdd'));
  // One transaction: a refused name, position or song leaves the playlist as it was.
  db.transaction(
    () => {
      requireEditablePlaylist(db, id, user);
      const name = params.get('name');
      if (name !== undefined) renamePlaylist(db, id, user, name, now);
      const shown = listPlaylistSongs(db, id, user).map((row) => row.song.id);
      const removals = new Set(params.all('songIndexToRemove').map((raw) => (/^\d{1,9}$/.test(raw) ? Number(raw) : -1)));
      for (const index of removals) {
        const songId = shown[index];
        if (songId === undefined) throw notFound('Playlist entry');
        removeSongFromPlaylist(db, id, songId, user);
      }
      addSongs(db, id, added, user);
      setAppFields(db, id, params, now);
    },
    { behavior: 'immediate' },
  );
  return {};
}

export function deletePlaylist(db: Db, user: UserRow, params: Params, now: Date): XmlObject {
  trashPlaylist(db, requirePlaylistId(params.get('id'), 'id'), user, now);
  return {};
}
