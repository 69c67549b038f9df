import { t } from 'elysia';

export const shareIdParams = t.Object({ shareId: t.String({ maxLength: 200 }) });

export const songDtoSchema = t.Object({
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
  status: t.Union([t.Literal('pending'), t.Literal('published')]),
  userId: t.Nullable(t.Number()),
  shareId: t.String(),
  createdAt: t.String(),
  deletedAt: t.Nullable(t.String()),
  originalFilename: t.Nullable(t.String()),
});

export const albumDtoSchema = t.Object({
  id: t.Number(),
  name: t.String(),
  artworkUrl: t.Nullable(t.String()),
  shareId: t.String(),
  createdAt: t.String(),
  deletedAt: t.Nullable(t.String()),
});

export const playlistDtoSchema = t.Object({
  id: t.Number(),
  name: t.String(),
  artworkUrl: t.Nullable(t.String()),
  shareId: t.String(),
  userId: t.Number(),
  createdAt: t.String(),
});

export const tempShareDtoSchema = t.Object({
  id: t.Number(),
  title: t.String(),
  sharedBy: t.Nullable(t.String()),
  audioUrl: t.String(),
  shareId: t.String(),
  duration: t.Number(),
  createdAt: t.String(),
  expiresAt: t.Nullable(t.String()),
});

export const albumShareResponse = t.Object({ album: albumDtoSchema, songs: t.Array(songDtoSchema) });
export const playlistShareResponse = t.Object({ playlist: playlistDtoSchema, songs: t.Array(songDtoSchema) });
