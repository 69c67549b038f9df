/**
 * Names people and files give things (song titles, artists, tags, album, playlist and share
 * titles) as harmless text: one Unicode form, no invisible steering. Shared so the browser can
 * show what the server will store.
 */

// Line and paragraph breaks and tabs read as a space in a one-line name.
const BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]/g;
// C0/C1 controls and the bidirectional marks, embeddings, overrides and isolates: RLO and
// friends make a name display as something else ("mp3.exe" shown as "exe.3pm").
const UNSAFE_TEXT = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/** NFC, breaks as spaces, controls and bidi controls removed, trimmed. */
export function cleanText(raw: string): string {
  return raw.normalize('NFC').replace(BREAKS, ' ').replace(UNSAFE_TEXT, '').trim();
}

/** cleanText for optional values: null when nothing is left. */
export function cleanOptionalText(raw: string | null | undefined): string | null {
  const text = raw == null ? '' : cleanText(raw);
  return text.length > 0 ? text : null;
}
