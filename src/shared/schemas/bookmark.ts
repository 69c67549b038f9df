import { type Static, Type } from '@sinclair/typebox';
import { songSchema } from './song.ts';

/** `GET /api/bookmarks`: Continue listening, the person's unfinished positions (Subsonic's bookmarks), newest first. */
export const bookmarkSchema = Type.Object({
  song: songSchema,
  positionMs: Type.Number(),
  updatedAt: Type.String(),
});
export const bookmarkListSchema = Type.Array(bookmarkSchema);
export type BookmarkDto = Static<typeof bookmarkSchema>;

/** `/api/bookmarks/:songId`: the route parses the id (a malformed one is its 404). */
export const bookmarkParams = Type.Object({ songId: Type.String() });

/** `PUT /api/bookmarks/:songId`: where the person is in the song; near its end, the bookmark goes. */
export const bookmarkBody = Type.Object({ positionMs: Type.Integer({ minimum: 0 }) }, { error: 'positionMs must be a whole number of milliseconds' });
export type BookmarkSave = Static<typeof bookmarkBody>;
