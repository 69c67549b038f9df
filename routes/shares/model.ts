import { t } from 'elysia';
import { albumDto as albumDtoSchema } from '../albums/model.ts';
import { playlistDto as playlistDtoSchema } from '../playlists/model.ts';
import { songDto as songDtoSchema } from '../songs/model.ts';

export const shareIdParams = t.Object({ shareId: t.String({ maxLength: 200 }) });

// One schema per DTO: the catalogue routes own them.
export { songDtoSchema };

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
