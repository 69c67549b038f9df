import { t } from 'elysia';
import { SONG_STATUSES } from '../../db/schema/index.ts';

export const BULK_MAX = 1000;

/** Spec §3 Song, as the API returns it. */
export const songDto = t.Object({
  id: t.Number(),
  title: t.String(),
  artist: t.Nullable(t.String()),
  tags: t.Array(t.String()),
  albumId: t.Nullable(t.Number()),
  albumName: t.Nullable(t.String()),
  albumOrder: t.Nullable(t.Number()),
  artworkUrl: t.Nullable(t.String()),
  audioUrl: t.String(),
  duration: t.Number(),
  fileSize: t.Number(),
  status: t.UnionEnum(SONG_STATUSES),
  userId: t.Nullable(t.Number()),
  shareId: t.String(),
  createdAt: t.String(),
  deletedAt: t.Nullable(t.String()),
  originalFilename: t.Nullable(t.String()),
});

export const songList = t.Array(songDto);

export const idParams = t.Object({ id: t.String() });
