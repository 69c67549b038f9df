import { rmSync } from 'node:fs';
import { findImage } from './images.ts';
import { readImageSize, withinPixelBudget } from './image-size.ts';
import { decodePreview } from './preview-decoder.ts';
import { type ImageFormat, fileReader } from './sniff.ts';
import type { MediaStorage } from './storage.ts';

const PREVIEW_SIZE = 512;

/**
 * What a preview request gets: the cached 512×512 JPEG; the original (WebP, which jimp
 * cannot decode, or an image that failed to decode); `tooLarge` for an image whose header
 * declares more pixels than we decode; `missing` when there is no such image.
 */
export type Preview =
  | { kind: 'preview'; path: string }
  | { kind: 'original'; path: string; format: ImageFormat }
  | { kind: 'tooLarge' }
  | { kind: 'missing' };

async function makePreview(storage: MediaStorage, hash: string, target: string): Promise<Preview> {
  const source = findImage(storage, hash);
  if (!source) return { kind: 'missing' };
  const original: Preview = { kind: 'original', path: source.path, format: source.format };
  const size = await readImageSize(fileReader(source.path), source.format);
  if (size && !withinPixelBudget(size)) return { kind: 'tooLarge' };
  if (!size || source.format === 'webp') return original; // jimp cannot decode WebP
  const temp = storage.tempPath();
  try {
    await decodePreview(source.path, temp, PREVIEW_SIZE);
    storage.commit(temp, target);
    return { kind: 'preview', path: target };
  } catch {
    rmSync(temp, { force: true });
    return original; // undecodable, or no room for the preview: the original still shows
  }
}

/**
 * Makes (once) a 512×512 JPEG cropped to fill, cached beside the originals. The header is
 * read first and an image over the pixel budget is never decoded; decoding runs in a worker
 * thread; requests for an image already being decoded wait for that one result.
 */
export function ensurePreview(storage: MediaStorage, hash: string): Promise<Preview> {
  const target = storage.previewPath(hash);
  if (storage.mtime(target) !== null) return Promise.resolve({ kind: 'preview', path: target });
  return storage.makeOnce(target, () => makePreview(storage, hash, target));
}
