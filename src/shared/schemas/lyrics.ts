import { type Static, Type } from '@sinclair/typebox';
import { MAX_LYRICS_CHARS } from '../lyrics.ts';
import { nullable } from './common.ts';

/** `GET /api/songs/:id/lyrics`: plain-text lines, each with its start (ms) when synced. */
export const lyricsSchema = Type.Object({
  synced: Type.Boolean(),
  lines: Type.Array(Type.Object({ start: nullable(Type.Number()), value: Type.String() })),
  lang: nullable(Type.String()),
});
export type LyricsDto = Static<typeof lyricsSchema>;

/** `PUT /api/songs/:id/lyrics`: LRC or plain text as an admin pasted it; empty text removes them. */
export const lyricsBody = Type.Object({ text: Type.String({ maxLength: MAX_LYRICS_CHARS }) });
export type LyricsEdit = Static<typeof lyricsBody>;
