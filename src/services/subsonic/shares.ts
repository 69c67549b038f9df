import type { Db } from '../../../db/client.ts';
import { findAlbumById } from '../../../db/queries/albums.ts';
import { deleteAppShare, findAppShare, insertAppShare, listAppShares, updateAppShare } from '../../../db/queries/phone-apps.ts';
import { listPlaylistSongs } from '../../../db/queries/playlists.ts';
import { listAlbumSongs } from '../../../db/queries/songs.ts';
import type { AppShareKind, AppShareRow, UserRow } from '../../../db/schema/index.ts';
import { HttpError } from '../../errors.ts';
import { toSongDto } from '../catalogue/dto.ts';
import { requireLivePlaylist } from '../playlists/playlists.ts';
import { requireAlbum, requireVisibleSong } from './browse.ts';
import { type Marks, toChild } from './dto.ts';
import { SUBSONIC_ERROR, SubsonicError, missing, notAuthorised, notFound } from './errors.ts';
import type { Library } from './library.ts';
import { type Params, numericId } from './params.ts';
import type { XmlObject } from './xml.ts';

// Shares made from an app are Hearth's own share links (a song's, an album's, a playlist's page,
// the ones the web app's Share copies), kept as records with the app's description and expiry
// (docs/decisions/133-app-shares-are-hearth-share-links.md).

interface Shared {
  path: string;
  entry: XmlObject[];
}

/** The item's public page and songs, or null when the family can no longer see it. */
function resolve(db: Db, library: Library, marks: Marks, kind: AppShareKind, itemId: number): Shared | null {
  try {
    if (kind === 'song') {
      const found = requireVisibleSong(db, library.viewer, String(itemId));
      return { path: `/share/${found.song.shareId}`, entry: [toChild(toSongDto(found.song, found.albumName), library, marks)] };
    }
    if (kind === 'album') {
      requireAlbum(library, `al-${itemId}`);
      const album = findAlbumById(db, itemId);
      if (!album) return null;
      const rows = listAlbumSongs(db, itemId, library.viewer);
      return { path: `/share/album/${album.shareId}`, entry: rows.map((row) => toChild(toSongDto(row.song, row.albumName), library, marks)) };
    }
    const { playlist } = requireLivePlaylist(db, itemId, library.viewer);
    const entry = listPlaylistSongs(db, itemId, library.viewer).map((row) => toChild(toSongDto(row.song, row.albumName), library, marks));
    return { path: `/share/playlist/${playlist.shareId}`, entry };
  } catch (error) {
    if (error instanceof SubsonicError || error instanceof HttpError) return null;
    throw error;
  }
}

/** What an id names: a song ("12", "mf-12"), an album ("al-3") or a playlist ("pl-5"). */
function targetOf(db: Db, library: Library, raw: string): [AppShareKind, number] {
  if (raw.startsWith('al-')) return ['album', requireAlbum(library, raw).id];
  if (raw.startsWith('pl-')) {
    const id = numericId(raw, 'pl-');
    if (id === null) throw notFound('Playlist');
    return ['playlist', requireLivePlaylist(db, id, library.viewer).playlist.id];
  }
  return ['song', requireVisibleSong(db, library.viewer, raw).song.id];
}

function toShare(share: AppShareRow, shared: Shared, user: UserRow, origin: string): XmlObject {
  return {
    id: String(share.id),
    url: `${origin}${shared.path}`,
    description: share.description ?? undefined,
    username: user.username,
    created: share.createdAt.toISOString(),
    expires: share.expiresAt?.toISOString(),
    visitCount: 0,
    entry: shared.entry,
  };
}

/** `expires` in ms since the epoch; 0 or absent is never. */
function expiryOf(params: Params, now: number): Date | null | undefined {
  if (params.get('expires') === undefined) return undefined;
  const at = params.int('expires', 0, 0, 8_640_000_000_000_000);
  if (at !== 0 && at <= now) throw new SubsonicError(SUBSONIC_ERROR.generic, 'The expiry must be in the future');
  return at === 0 ? null : new Date(at);
}

export function shares(db: Db, library: Library, marks: Marks, user: UserRow, origin: string, now: number): XmlObject {
  const share = listAppShares(db, user.id).flatMap((row) => {
    if (row.expiresAt && row.expiresAt.getTime() <= now) return [];
    const shared = resolve(db, library, marks, row.kind, row.itemId);
    return shared ? [toShare(row, shared, user, origin)] : [];
  });
  return { shares: { share } };
}

/** createShare: one share per id given (a Hearth link names one song, album or playlist). */
export function createShare(db: Db, library: Library, marks: Marks, user: UserRow, params: Params, origin: string, now: number): XmlObject {
  const ids = params.all('id');
  if (ids.length === 0) throw missing('id');
  const targets = ids.slice(0, 100).map((raw) => targetOf(db, library, raw));
  const description = params.get('description')?.slice(0, 500) || null;
  const expiresAt = expiryOf(params, now) ?? null;
  const share = targets.map(([kind, itemId]) => {
    const row = insertAppShare(db, { userId: user.id, kind, itemId, description, expiresAt });
    return toShare(row, resolve(db, library, marks, kind, itemId)!, user, origin);
  });
  return { shares: { share } };
}

function requireOwnShare(db: Db, user: UserRow, raw: string | undefined): AppShareRow {
  const id = numericId(raw, '', true);
  const share = id === null ? undefined : findAppShare(db, id);
  if (!share) throw notFound('Share');
  if (share.userId !== user.id && !user.isAdmin) throw notAuthorised('Only the person who made this share (or an admin) can change it');
  return share;
}

export function updateShare(db: Db, user: UserRow, params: Params, now: number): XmlObject {
  const share = requireOwnShare(db, user, params.required('id'));
  const description = params.get('description');
  updateAppShare(db, share.id, { description: description === undefined ? undefined : description.slice(0, 500) || null, expiresAt: expiryOf(params, now) });
  return {};
}

export function deleteShare(db: Db, user: UserRow, params: Params): XmlObject {
  deleteAppShare(db, requireOwnShare(db, user, params.required('id')).id);
  return {};
}
