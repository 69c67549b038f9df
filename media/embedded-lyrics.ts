import type { IAudioMetadata, ILyricsTag } from 'music-metadata';

/** Lyrics text found in a file's tags, LRC or plain (src/shared/lyrics.ts parses it). */
export interface EmbeddedLyrics {
  text: string;
  lang: string | null;
}

// music-metadata's own TimestampFormat.milliseconds (ID3 SYLT in ms; MPEG frames cannot be timed here).
const MILLISECONDS = 2;
// Raw text tags, read from the native tags so LRC [offset:] and several stamps per line survive.
const TEXT_TAGS = new Set(['LYRICS', 'UNSYNCEDLYRICS', '©lyr', 'USLT', 'Lyrics', 'WM/Lyrics']);
// ffmpeg writes `-metadata lyrics-eng=…` into an mp3 as a TXXX frame of that name.
const isTextTag = (id: string) => TEXT_TAGS.has(id) || /^TXXX:(lyrics|unsyncedlyrics)(-[a-z]{3})?$/i.test(id);
const LRC_STAMP = /^\s*\[\d{1,3}:\d{1,2}([.:]\d{1,3})?\]/m;

const language = (tag: { language?: string }) => {
  const code = tag.language?.trim().toLowerCase();
  return code && /^[a-z]{2,3}$/.test(code) && code !== 'xxx' ? code : null;
};

const textOf = (value: unknown): EmbeddedLyrics | null => {
  if (typeof value === 'string') return { text: value, lang: null };
  const tag = value as Partial<ILyricsTag> | null;
  return typeof tag?.text === 'string' ? { text: tag.text, lang: language(tag) } : null;
};

const stamp = (ms: number) => `${Math.floor(ms / 60_000)}:${String(Math.floor(ms / 1000) % 60).padStart(2, '0')}.${String(Math.floor(ms % 1000)).padStart(3, '0')}`;

/**
 * The file's own lyrics: synced ones (ID3 SYLT in milliseconds, as LRC) first, then LRC text,
 * then plain text (ID3 USLT, Vorbis LYRICS/UNSYNCEDLYRICS, MP4 ©lyr).
 */
export function embeddedLyrics(metadata: Pick<IAudioMetadata, 'native'>): EmbeddedLyrics | null {
  const tags = Object.values(metadata.native).flat();
  for (const { id, value } of tags) {
    const tag = value as Partial<ILyricsTag> | null;
    if (id !== 'SYLT' || tag?.timeStampFormat !== MILLISECONDS || !tag.syncText?.length) continue;
    return { text: tag.syncText.map((line) => `[${stamp(line.timestamp ?? 0)}]${line.text}`).join('\n'), lang: language(tag) };
  }
  const found = tags.flatMap(({ id, value }) => (isTextTag(id) ? [textOf(value)] : [])).filter((lyrics) => lyrics !== null && lyrics.text.trim() !== '') as EmbeddedLyrics[];
  return found.find((lyrics) => LRC_STAMP.test(lyrics.text)) ?? found[0] ?? null;
}
