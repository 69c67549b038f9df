import { type Static, Type } from '@sinclair/typebox';
import { songListSchema } from './song.ts';

/** Spec §7 `GET /api/search?q=`. */
export const searchResultSchema = Type.Object({ songs: songListSchema });
export type SearchResultDto = Static<typeof searchResultSchema>;
