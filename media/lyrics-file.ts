import { statSync } from 'node:fs';

/**
 * Bytes of a lyrics file as text: a UTF-8 or UTF-16 byte-order mark decides, else strict UTF-8,
 * else windows-1252 (what latin1 files from old rippers are read as; it never fails).
 */
export function decodeLyricsBytes(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder('utf-8').decode(bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

// UTF-16 doubles the bytes; anything larger than this is not a lyrics file.
const MAX_LRC_BYTES = 400_000;

/** The `.lrc` beside an audio file (same name, other extension), decoded; null when there is none. */
export async function readSidecarLyrics(audioPath: string): Promise<string | null> {
  const stem = audioPath.replace(/\.[^./]*$/, '');
  for (const path of [`${stem}.lrc`, `${stem}.LRC`]) {
    const info = statSync(path, { throwIfNoEntry: false });
    if (!info?.isFile()) continue;
    if (info.size > MAX_LRC_BYTES) throw new Error('lyrics file larger than 400 KB');
    return decodeLyricsBytes(new Uint8Array(await Bun.file(path).arrayBuffer()));
  }
  return null;
}
