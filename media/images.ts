import { createHash } from 'node:crypto';
import { PayloadTooLargeError, UnsupportedMediaTypeError } from '../src/errors.ts';
import { TOO_MANY_PIXELS, readImageSize, withinPixelBudget } from './image-size.ts';
import type { MediaStorage } from './storage.ts';
import { IMAGE_FORMATS, type ImageFormat, fileReader, sniffImage } from './sniff.ts';

const IMAGE_URL = /^\/objects\/images\/([0-9a-f]{64})\.(png|jpg|webp|gif)$/;

const imageObjectPath = (hash: string, format: ImageFormat) => `/objects/images/${hash}.${format}`;

/** The 512×512 preview (share-page og:image) for an artwork URL of ours, or null for anything else. */
export function previewUrl(artworkUrl: string | null | undefined): string | null {
  const match = artworkUrl ? IMAGE_URL.exec(artworkUrl) : null;
  return match ? `/objects/previews/${match[1]}.jpg` : null;
}

/**
 * Checks an uploaded temp file by content, and its pixel count by its header (nothing is
 * decoded), then moves it into place; returns its objectPath.
 */
export async function ingestImage(storage: MediaStorage, tempPath: string, hash: string): Promise<string> {
  const format = sniffImage(await Bun.file(tempPath).slice(0, 16).bytes());
  const size = format && (await readImageSize(fileReader(tempPath), format));
  if (!format || !size) {
    storage.remove(tempPath);
    throw new UnsupportedMediaTypeError('Images must be PNG, JPEG, WebP or GIF');
  }
  if (!withinPixelBudget(size)) {
    storage.remove(tempPath);
    throw new PayloadTooLargeError(TOO_MANY_PIXELS);
  }
  storage.commit(tempPath, storage.imagePath(hash, format));
  return imageObjectPath(hash, format);
}

/** Stores image bytes already in memory (embedded cover art, generated demo covers). */
export function storeImageBytes(storage: MediaStorage, data: Uint8Array, format: ImageFormat): string {
  const hash = createHash('sha256').update(data).digest('hex');
  storage.storeBytes(data, storage.imagePath(hash, format));
  return imageObjectPath(hash, format);
}

/** The stored original for a hash, whichever format it was saved in. */
export function findImage(storage: MediaStorage, hash: string): { path: string; format: ImageFormat } | null {
  for (const format of IMAGE_FORMATS) {
    const path = storage.imagePath(hash, format);
    if (storage.mtime(path) !== null) return { path, format };
  }
  return null;
}
