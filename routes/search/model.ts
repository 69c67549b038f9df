import { t } from 'elysia';
import { songList } from '../songs/model.ts';

// No maxLength: a long query is cut by the service rather than refused.
export const searchQuery = t.Object({ q: t.Optional(t.String()) });

export const searchResponse = t.Object({ songs: songList });
