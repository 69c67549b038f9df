import { Elysia } from 'elysia';
import { ensurePreview } from '../../media/previews.ts';
import { IMAGE_CONTENT_TYPES, type ImageFormat } from '../../media/sniff.ts';
import { fileResponse } from '../../media/stream.ts';
import type { AppContext } from '../../src/app-context.ts';
import { NotFoundError } from '../../src/errors.ts';
import { mediaStorage } from '../../src/services/media/context.ts';
import { objectParams } from '../../src/shared/schemas/media.ts';

const PUBLIC_IMMUTABLE = 'public, max-age=31536000, immutable';
const IMAGE_FILE = /^([0-9a-f]{64})\.(png|jpg|webp|gif)$/;
const PREVIEW_FILE = /^([0-9a-f]{64})\.jpg$/;
// An image is never a document: no scripts, no plugins, even if a browser is talked into it.
const LOCKED_DOWN = "default-src 'none'; sandbox";

/**
 * Artwork under /objects/: only names that are a content hash and an image extension reach
 * the disk, so `..`, `%2f`, double encoding or NUL can never name another file.
 */
export function objectRoutes(ctx: AppContext) {
  const storage = mediaStorage(ctx.config);
  const image = async (request: Request, path: string, hash: string, format: ImageFormat) => {
    const response = await fileResponse(request, path, { etag: hash, contentType: IMAGE_CONTENT_TYPES[format], cacheControl: PUBLIC_IMMUTABLE });
    response.headers.set('content-security-policy', LOCKED_DOWN);
    return response;
  };
  const original = (request: Request, file: string) => {
    const match = IMAGE_FILE.exec(file);
    if (!match) throw new NotFoundError('Image not found');
    return image(request, storage.imagePath(match[1]!, match[2] as ImageFormat), match[1]!, match[2] as ImageFormat);
  };
  const preview = async (request: Request, file: string) => {
    const hash = PREVIEW_FILE.exec(file)?.[1];
    if (!hash) throw new NotFoundError('Image not found');
    const made = await ensurePreview(storage, hash);
    if (made.kind === 'preview') return image(request, made.path, `${hash}-512`, 'jpg');
    // WebP (or an undecodable image): the original is the next best preview.
    if (made.kind === 'original') return image(request, made.path, hash, made.format);
    if (made.kind === 'tooLarge') throw new NotFoundError('This image is too large to preview');
    throw new NotFoundError('Image not found');
  };

  return new Elysia({ name: 'object-routes' })
    .get('/objects/images/:file', ({ params, request }) => original(request, params.file), { params: objectParams })
    .head('/objects/images/:file', ({ params, request }) => original(request, params.file), { params: objectParams })
    .get('/objects/previews/:file', ({ params, request }) => preview(request, params.file), { params: objectParams })
    .head('/objects/previews/:file', ({ params, request }) => preview(request, params.file), { params: objectParams })
    .all('/objects/*', () => {
      throw new NotFoundError('Image not found');
    })
    .all('/media/*', () => {
      throw new NotFoundError('Audio not found');
    });
}
