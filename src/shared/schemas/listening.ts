import { type Static, Type } from '@sinclair/typebox';
import { rowId } from './common.ts';
import { songSchema } from './song.ts';

/** GET /api/recently-played: the signed-in user's plays, most recent first. */
export const recentPlaySchema = Type.Object({
  song: songSchema,
  playCount: Type.Number(),
  lastPlayedAt: Type.String(),
});
export const recentPlayListSchema = Type.Array(recentPlaySchema);
export type RecentPlayDto = Static<typeof recentPlaySchema>;

/** `/api/favourites/:songId`: the route parses the id (a malformed one is its 404). */
export const favouriteParams = Type.Object({ songId: Type.String() });

/** `POST /api/plays`: one counted play of a song. */
export const playBody = Type.Object({ songId: rowId() }, { error: 'songId must be a song id' });
export type PlayReport = Static<typeof playBody>;
