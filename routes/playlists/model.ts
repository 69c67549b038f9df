import { t } from 'elysia';
import { BULK_MAX } from '../songs/model.ts';

export const playlistNameBody = t.Object(
  { name: t.String({ maxLength: 10_000 }) },
  { error: 'name is required and must be text' },
);

export const addSongBody = t.Object({ songId: t.Integer({ minimum: 1 }) }, { error: 'songId must be a song id' });

export const reorderBody = t.Object(
  { songIds: t.Array(t.Integer({ minimum: 1 }), { maxItems: BULK_MAX * 10 }) },
  { error: 'songIds must be a list of song ids in the new order' },
);

export const entryParams = t.Object({ id: t.String(), songId: t.String() });
