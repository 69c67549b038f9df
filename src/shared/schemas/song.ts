import { type Static, Type } from '@sinclair/typebox';
import { ADMIN_SONG_SORTS, SONG_STATUSES } from '../enums.ts';
import { SONGS_BY_ID_MAX } from '../library-pages.ts';
import { nullable, oneOf, rowId, unionEnum } from './common.ts';

/** A song as the API answers it. audioUrl and artworkUrl are same-origin paths; times are ISO 8601. */
export const songSchema = Type.Object({
  id: Type.Number(),
  title: Type.String(),
  artist: nullable(Type.String()),
  tags: Type.Array(Type.String()),
  albumId: nullable(Type.Number()),
  // The album's name when the song has a live album (saves a second call on share pages).
  albumName: nullable(Type.String()),
  albumOrder: nullable(Type.Number()),
  artworkUrl: nullable(Type.String()),
  audioUrl: Type.String(),
  duration: Type.Number(),
  fileSize: Type.Number(),
  status: oneOf(SONG_STATUSES),
  userId: nullable(Type.Number()),
  shareId: Type.String(),
  createdAt: Type.String(),
  deletedAt: nullable(Type.String()),
  originalFilename: nullable(Type.String()),
  // The song has lyrics (GET /api/songs/:id/lyrics): the full player offers its Lyrics view.
  hasLyrics: Type.Boolean(),
  // Marked explicit by its tags or an admin: an "E" in song rows; hidden from Clean members.
  explicit: Type.Boolean(),
  // Loudness: gains in dB to -18 LUFS, peaks linear (1 = full scale); null when neither
  // measured nor tagged. The album gain falls back to the track gain.
  trackGain: nullable(Type.Number()),
  albumGain: nullable(Type.Number()),
  trackPeak: nullable(Type.Number()),
  albumPeak: nullable(Type.Number()),
  // From the file's tags at import (genres split, src/shared/genres.ts); admins edit genres and year.
  genres: Type.Array(Type.String()),
  year: nullable(Type.Number()),
  discNumber: nullable(Type.Number()),
  trackNumber: nullable(Type.Number()),
  // Gapless playback: encoder delay and padding in samples at sampleRate (the duration is then
  // the exact real length); null when the file states none.
  encoderTrim: nullable(Type.Object({ delay: Type.Number(), padding: Type.Number(), sampleRate: Type.Number() })),
});
export type SongDto = Static<typeof songSchema>;

export const songListSchema = Type.Array(songSchema);

/** `GET /api/songs/page`: `after` is the previous page's `next` (absent for the first page). */
export const songPageQuery = Type.Object({
  after: Type.Optional(Type.String({ maxLength: 20_000 })),
  limit: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,3}$' })),
  /** Only songs whose title or artist contains this, ignoring case. */
  q: Type.Optional(Type.String({ maxLength: 200 })),
});
export type SongPageQuery = Static<typeof songPageQuery>;

/**
 * One page of the library in its order (title, case-insensitively, then id); `next` is null on
 * the last. `total`, the library's length, comes with the first page only (null after).
 */
export const songPageSchema = Type.Object({ songs: songListSchema, next: nullable(Type.String()), total: nullable(Type.Number()) });
export type SongPageDto = Static<typeof songPageSchema>;

/** `GET /api/songs/all/ids`: which songs (every one, those without an album, one album's) and their order. */
export const adminSongIdsQuery = Type.Object({
  album: Type.Optional(Type.String({ pattern: '^(all|none|[1-9][0-9]{0,15})$' })),
  sort: Type.Optional(oneOf(ADMIN_SONG_SORTS)),
});
export type AdminSongIdsQuery = Static<typeof adminSongIdsQuery>;

/** The admin list's ids in its order, and how many songs it holds whatever the album (`total`). */
export const adminSongIdsSchema = Type.Object({ ids: Type.Array(Type.Number()), total: Type.Number() });
export type AdminSongIdsDto = Static<typeof adminSongIdsSchema>;

/** `GET /api/songs/all/rows?ids=1,2,3` and `GET /api/songs/visible?ids=…`: up to SONGS_BY_ID_MAX ids, comma-separated. */
export const songIdsQuery = Type.Object({
  ids: Type.String({
    pattern: `^[1-9][0-9]{0,15}(,[1-9][0-9]{0,15}){0,${SONGS_BY_ID_MAX - 1}}$`,
    error: `ids must be 1 to ${SONGS_BY_ID_MAX} song ids, comma-separated`,
  }),
});

/** `POST /api/songs/bulk/:action`: how many songs changed. */
export const bulkResultSchema = Type.Object({ count: Type.Number() });
export type BulkResultDto = Static<typeof bulkResultSchema>;

/** The most songs one bulk action (or a playlist's new order, ten times this) may name. */
export const BULK_MAX = 1000;

const nullableText = nullable(Type.String({ maxLength: 10_000 }));

/** `PATCH /api/songs/:id`: the fields an admin edits; absent fields stay as they are. */
export const songPatchBody = Type.Object(
  {
    title: Type.Optional(Type.String({ maxLength: 10_000 })),
    artist: Type.Optional(nullableText),
    tags: Type.Optional(Type.Array(Type.String({ maxLength: 10_000 }), { maxItems: 1000 })),
    albumId: Type.Optional(nullable(rowId())),
    artworkUrl: Type.Optional(nullableText),
    // Replaces the whole list, split and cleaned as at import (src/shared/genres.ts).
    genres: Type.Optional(Type.Array(Type.String({ maxLength: 10_000 }), { maxItems: 1000 })),
    year: Type.Optional(nullable(Type.Integer())),
    explicit: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type SongPatch = Static<typeof songPatchBody>;

/** `PATCH /api/songs/:id/status`. */
export const statusBody = Type.Object(
  { status: unionEnum(SONG_STATUSES) },
  { error: `status must be one of ${SONG_STATUSES.join(', ')}` },
);
export type SongStatusChange = Static<typeof statusBody>;

/** `POST /api/songs/bulk/:action`: the action is publish, unpublish, delete, explicit or clean. */
export const bulkParams = Type.Object({ action: Type.String() });

export const bulkBody = Type.Object(
  { songIds: Type.Array(rowId(), { minItems: 1, maxItems: BULK_MAX }) },
  { error: `songIds must be a list of 1 to ${BULK_MAX} song ids` },
);
export type BulkSongs = Static<typeof bulkBody>;

/** `PATCH /api/songs/:id/audio`: the song whose audio is replaced (checked before the body is read). */
export const songIdParams = Type.Object({ id: Type.String({ maxLength: 20 }) });
