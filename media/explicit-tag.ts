import type { IAudioMetadata } from 'music-metadata';

// The tags that mark a recording explicit, as music-metadata names them in its native tags:
// iTunes' advisory in ID3 (TXXX) and Vorbis comments, MP4's rtng atom, and the Vorbis words.
const ADVISORY_TAGS = new Set(['TXXX:ITUNESADVISORY', 'ITUNESADVISORY', 'rtng', 'EXPLICIT', 'CONTENTRATING', '----:com.apple.iTunes:ITUNESADVISORY']);
// iTunes: 1 explicit (4 in old files), 2 clean, 0 none; the Vorbis words say it in letters.
const EXPLICIT_VALUES = new Set(['1', '4', 'explicit', 'e', 'true', 'yes']);

const valueText = (value: unknown): string | null => {
  if (typeof value === 'number' || typeof value === 'string') return String(value).trim().toLowerCase();
  if (value instanceof Uint8Array && value.length > 0) return String(value[value.length - 1]);
  if (value && typeof value === 'object' && 'text' in value) return valueText((value as { text: unknown }).text);
  return null;
};

/** Whether the file's own tags say it is explicit (TXXX:ITUNESADVISORY, MP4 rtng, Vorbis ITUNESADVISORY/EXPLICIT/CONTENTRATING). */
export function explicitFromTags(metadata: Pick<IAudioMetadata, 'native'>): boolean {
  return Object.values(metadata.native)
    .flat()
    .some(({ id, value }) => ADVISORY_TAGS.has(id) && EXPLICIT_VALUES.has(valueText(value) ?? ''));
}
