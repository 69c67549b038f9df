import { cleanText } from './text.ts';

/**
 * Lyrics as the player and the API carry them: LRC text parsed into lines, each with its start
 * (ms) when synced. Shared so the admin form can show what the server will store.
 */
export interface LyricsLine {
  start: number | null;
  value: string;
}

export interface Lyrics {
  synced: boolean;
  lines: LyricsLine[];
  lang: string | null;
}

// Limits that keep a pasted or embedded text from bloating a row: plenty for any song.
export const MAX_LYRICS_CHARS = 100_000;
const MAX_LINES = 2_000;
const MAX_LINE_CHARS = 500;

// [mm:ss], [mm:ss.x], [mm:ss.xx], [mm:ss.xxx] (also ':' before the fraction, as some tools write).
const STAMP = /^\[(\d{1,3}):(\d{1,2})(?:[.:](\d{1,3}))?\]/;
// [ti:…], [ar:…], [offset:+250] …: a tag of letters, then a colon.
const TAG = /^\[([a-z#]+):([^\]]*)\]\s*$/i;
// What was meant as a stamp but is not one ([00:xx], [1:2:3]): dropped and counted, never shown.
const BROKEN_STAMP = /^\[\d*:[^\]]*\]/;

const stampMs = (match: RegExpExecArray): number => {
  const fraction = match[3] ?? '';
  const ms = fraction ? Number(fraction.padEnd(3, '0')) : 0;
  return (Number(match[1]) * 60 + Number(match[2])) * 1000 + ms;
};

// One line of text as plain, harmless text (no controls, no bidi overrides).
const cleanLine = (raw: string): string => cleanText(raw).slice(0, MAX_LINE_CHARS);

/**
 * Parses LRC or plain text. A line with stamps ([01:02.50][01:30.00]text) becomes one line per
 * stamp, sorted; [offset:+ms] moves every stamp earlier (positive) as the LRC convention has it;
 * other tags are dropped; text without any stamp is unsynced. Malformed lines are kept as text
 * in unsynced lyrics and skipped in synced ones; never throws.
 */
export function parseLyrics(text: string, lang: string | null = null): Lyrics {
  return readLyrics(text, lang).lyrics;
}

/** parseLyrics, plus how many non-empty lines had no usable time in synced lyrics (a damaged file). */
export function readLyrics(text: string, lang: string | null = null): { lyrics: Lyrics; malformed: number } {
  const rows = text.slice(0, MAX_LYRICS_CHARS).replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  let offset = 0;
  const timed: { start: number; value: string; order: number }[] = [];
  const plain: string[] = [];
  let broken = 0;
  for (const row of rows) {
    let rest = row.trim();
    const tag = TAG.exec(rest);
    if (tag && !STAMP.test(rest)) {
      const name = tag[1]!.toLowerCase();
      if (name === 'offset' && /^\s*[+-]?\d+\s*$/.test(tag[2]!)) offset = Number(tag[2]!.trim());
      if (name === 'la' || name === 'lang') lang = cleanLine(tag[2]!).slice(0, 35) || lang;
      continue;
    }
    const starts: number[] = [];
    for (let match = STAMP.exec(rest); match; match = STAMP.exec(rest)) {
      starts.push(stampMs(match));
      rest = rest.slice(match[0].length).trimStart();
    }
    if (starts.length === 0 && BROKEN_STAMP.test(rest)) {
      broken += 1;
      continue;
    }
    const value = cleanLine(rest);
    for (const start of starts) timed.push({ start, value, order: timed.length });
    if (starts.length === 0) plain.push(value);
  }
  if (timed.length > 0) {
    const lines = timed
      .map((line) => ({ ...line, start: Math.max(0, line.start - offset) }))
      .sort((a, b) => a.start - b.start || a.order - b.order)
      .slice(0, MAX_LINES)
      .map(({ start, value }) => ({ start, value }));
    return { lyrics: { synced: true, lines, lang }, malformed: broken + plain.filter((value) => value !== '').length };
  }
  // Plain text: keep blank lines between verses, but not at either end.
  while (plain.length > 0 && plain[0] === '') plain.shift();
  while (plain.length > 0 && plain.at(-1) === '') plain.pop();
  return { lyrics: { synced: false, lines: plain.slice(0, MAX_LINES).map((value) => ({ start: null, value })), lang }, malformed: broken };
}

/** True when there is something to show. */
export const hasLines = (lyrics: Lyrics): boolean => lyrics.lines.some((line) => line.value !== '');

const two = (n: number) => String(n).padStart(2, '0');

/** Lyrics back to editable text: LRC for synced ones, plain lines otherwise. */
export function lyricsToText(lyrics: Lyrics): string {
  if (!lyrics.synced) return lyrics.lines.map((line) => line.value).join('\n');
  return lyrics.lines
    .map(({ start, value }) => {
      const ms = start ?? 0;
      return `[${two(Math.floor(ms / 60_000))}:${two(Math.floor(ms / 1000) % 60)}.${two(Math.floor((ms % 1000) / 10))}]${value}`;
    })
    .join('\n');
}
