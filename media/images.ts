import { Jimp } from 'jimp';
import { createHash } from 'node:crypto';
import { UnsupportedMediaTypeError } from '../src/errors.ts';
import type { MediaStorage } from './storage.ts';
import { IMAGE_FORMATS, type ImageFormat, sniffImage } from './sniff.ts';

export const PREVIEW_SIZE = 512;
const IMAGE_URL = /^\/objects\/images\/([0-9a-f]{64})\.(png|jpg|webp|gif)$/;

export const imageObjectPath = (hash: string, format: ImageFormat) => `/objects/images/${hash}.${format}`;

/** The 512×512 preview (share-page og:image) for an artwork URL of ours, or null for anything else. */
export function previewUrl(artworkUrl: string | null | undefined): string | null {
  const match = artworkUrl ? IMAGE_URL.exec(artworkUrl) : null;
  return match ? `/objects/previews/${match[1]}.jpg` : null;
}

/** Checks an uploaded temp file by content and moves it into place; returns its objectPath. */
export async function ingestImage(storage: MediaStorage, tempPath: string, hash: string): Promise<string> {
  const format = sniffImage(await Bun.file(tempPath).slice(0, 16).bytes());
  if (!format) {
    storage.remove(tempPath);
    throw new UnsupportedMediaTypeError('Images must be PNG, JPEG, WebP or GIF');
  }
  storage.commit(tempPath, storage.imagePath(hash, format));
  return imageObjectPath(hash, format);
}

/** Stores image bytes already in memory (embedded cover art, generated demo covers). */
export function storeImageBytes(storage: MediaStorage, data: Uint8Array, format: ImageFormat): string {
  const hash = createHash('sha256').update(data).digest('hex');
  storage.commit(storage.writeTemp(data), storage.imagePath(hash, format));
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

/**
 * Makes (once) a 512×512 JPEG cropped to fill, cached beside the originals. Jimp is pure
 * JavaScript, so it runs in the single binary and on arm64; it cannot decode WebP, for
 * which null tells the caller to fall back to the original.
 */
export async function ensurePreview(storage: MediaStorage, hash: string): Promise<string | null> {
  const target = storage.previewPath(hash);
  if (storage.mtime(target) !== null) return target;
  const source = findImage(storage, hash);
  if (!source || source.format === 'webp') return null;
  try {
    const image = await Jimp.read(Buffer.from(await Bun.file(source.path).arrayBuffer()));
    image.cover({ w: PREVIEW_SIZE, h: PREVIEW_SIZE });
    storage.commit(storage.writeTemp(await image.getBuffer('image/jpeg', { quality: 85 })), target);
    return target;
  } catch {
    return null;
  }
}
