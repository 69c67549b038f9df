import type { Db } from '../../../db/client.ts';
import { findAlbumById } from '../../../db/queries/albums.ts';
import { type SongChanges, findLiveSongIds, setSongsExplicit, setSongsStatus, trashSongs, updateSong } from '../../../db/queries/songs.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import type { SongStatus } from '../../shared/enums.ts';
import { SONG_YEARS, splitGenres } from '../../shared/genres.ts';
import { cleanText } from '../../shared/text.ts';
import type { SongPatch } from '../../shared/schemas/song.ts';
import type { BulkResultDto, SongDto } from '../../shared/types.ts';
import { toSongDto } from './dto.ts';
import { TITLE_MAX, normalizeTags, requireArtworkUrl, requireName } from './rules.ts';
import { SONG_NOT_FOUND, requireLiveSong } from './songs.ts';


/** Validates a PATCH body into column changes; only the fields present change. */
function songChanges(db: Db, patch: SongPatch): SongChanges {
  const changes: SongChanges = {};
  if (patch.title !== undefined) changes.title = requireName(patch.title, 'Title', TITLE_MAX);
  if (patch.artist !== undefined) {
    const artist = cleanText(patch.artist ?? '');
    if (artist.length > TITLE_MAX) throw new BadRequestError(`Artist must be at most ${TITLE_MAX} characters`);
    changes.artist = artist.length > 0 ? artist : null;
  }
  if (patch.tags !== undefined) changes.tags = normalizeTags(patch.tags);
  if (patch.albumId !== undefined) {
    const album = patch.albumId === null ? null : findAlbumById(db, patch.albumId);
    if (album !== null && (!album || album.deletedAt)) throw new BadRequestError('That album does not exist');
    changes.albumId = patch.albumId;
  }
  if (patch.artworkUrl !== undefined) changes.artworkUrl = requireArtworkUrl(patch.artworkUrl);
  if (patch.genres !== undefined) changes.genres = splitGenres(patch.genres);
  if (patch.year !== undefined) {
    if (patch.year !== null && (patch.year < SONG_YEARS.min || patch.year > SONG_YEARS.max)) throw new BadRequestError(`Year must be from ${SONG_YEARS.min} to ${SONG_YEARS.max}`);
    changes.year = patch.year;
  }
  if (patch.explicit !== undefined) changes.explicit = patch.explicit;
  return changes;
}

export function editSong(db: Db, id: number, patch: SongPatch, now: Date): SongDto {
  return db.transaction(() => {
    requireLiveSong(db, id);
    updateSong(db, id, songChanges(db, patch), now);
    const row = requireLiveSong(db, id);
    return toSongDto(row.song, row.albumName);
  });
}

export function setSongStatus(db: Db, id: number, status: SongStatus, now: Date): SongDto {
  return db.transaction(() => {
    requireLiveSong(db, id);
    setSongsStatus(db, [id], status, now);
    const row = requireLiveSong(db, id);
    return toSongDto(row.song, row.albumName);
  });
}

export function trashSong(db: Db, id: number, now: Date): void {
  requireLiveSong(db, id);
  trashSongs(db, [id], now);
}

const BULK_ACTIONS = ['publish', 'unpublish', 'delete', 'explicit', 'clean'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

export function parseBulkAction(raw: string): BulkAction {
  const action = BULK_ACTIONS.find((candidate) => candidate === raw);
  if (!action) throw new NotFoundError('No such API endpoint');
  return action;
}

/**
 * One action on many songs, all or nothing: every id must name a live song, otherwise 404
 * naming the first bad id and nothing changes. One synchronous transaction.
 */
export function bulkSongs(db: Db, action: BulkAction, songIds: number[], now: Date): BulkResultDto {
  const ids = [...new Set(songIds)];
  return db.transaction(
    () => {
      const found = new Set(findLiveSongIds(db, ids));
      const missing = ids.find((id) => !found.has(id));
      if (missing !== undefined) throw new NotFoundError(`${SONG_NOT_FOUND}: ${missing}`);
      if (action === 'delete') trashSongs(db, ids, now);
      else if (action === 'explicit' || action === 'clean') setSongsExplicit(db, ids, action === 'explicit', now);
      else setSongsStatus(db, ids, action === 'publish' ? 'published' : 'pending', now);
      return { count: ids.length };
    },
    { behavior: 'immediate' },
  );
}
