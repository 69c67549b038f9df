import { type Static, Type } from '@sinclair/typebox';
import { songSchema } from './song.ts';

/** GET /api/recently-played: the signed-in user's plays, most recent first. */
export const recentPlaySchema = Type.Object({
  song: songSchema,
  playCount: Type.Number(),
  lastPlayedAt: Type.String(),
});
export const recentPlayListSchema = Type.Array(recentPlaySchema);
export type RecentPlayDto = Static<typeof recentPlaySchema>;
