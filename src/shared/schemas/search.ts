import { type Static, Type } from '@sinclair/typebox';
import { songListSchema } from './song.ts';

/** `GET /api/search?q=`. */
export const searchResultSchema = Type.Object({ songs: songListSchema });
export type SearchResultDto = Static<typeof searchResultSchema>;

// No maxLength: a long query is cut by the service rather than refused.
export const searchQuery = Type.Object({ q: Type.Optional(Type.String()) });
