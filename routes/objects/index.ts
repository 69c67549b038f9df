import { Elysia } from 'elysia';
import { ensurePreview } from '../../media/previews.ts';
import { IMAGE_CONTENT_TYPES, type ImageFormat } from '../../media/sniff.ts';
import { fileResponse } from '../../media/stream.ts';
import type { AppContext } from '../../src/app-context.ts';
import { NotFoundError } from '../../src/errors.ts';
import type { LiveSession } from '../../src/services/accounts/sessions.ts';
import { assertImageAllowed } from '../../src/services/media/access.ts';
import { objectParams } from '../../src/shared/schemas/media.ts';

const PUBLIC_IMMUTABLE = 'public, max-age=31536000, immutable';
// Signed in, the answer depends on who asks (a restricted member gets 403) and may refresh the
// session cookie, so no shared cache may keep it; the browser still keeps it for good.
const PRIVATE_IMMUTABLE = 'private, max-age=31536000, immutable';
const IMAGE_FILE = /^([0-9a-f]{64})\.(png|jpg|webp|gif)$/;
const PREVIEW_FILE = /^([0-9a-f]{64})\.jpg$/;
// An image is never a document: no scripts, no plugins, even if a browser is talked into it.
const LOCKED_DOWN = "default-src 'none'; sandbox";

/**
 * Artwork under /objects/: only names that are a content hash and an image extension reach
 * the disk, so `..`, `%2f`, double encoding or NUL can never name another file.
 */
export function objectRoutes(ctx: AppContext) {
  const { storage } = ctx;
  const image = async (request: Request, path: string, hash: string, format: ImageFormat, signedIn: boolean) => {
    const cacheControl = signedIn ? PRIVATE_IMMUTABLE : PUBLIC_IMMUTABLE;
    const response = await fileResponse(request, path, { etag: hash, contentType: IMAGE_CONTENT_TYPES[format], cacheControl });
    response.headers.set('content-security-policy', LOCKED_DOWN);
    return response;
  };
  type Session = () => Promise<LiveSession | null>;
  /** Refuses what a restricted member may not see; says whether the request is signed in. */
  const allowed = async (hash: string, session: Session) => {
    const live = await session();
    await assertImageAllowed(ctx.db, hash, async () => live?.user ?? null);
    return live !== null;
  };
  const original = async (request: Request, file: string, session: Session) => {
    const match = IMAGE_FILE.exec(file);
    if (!match) throw new NotFoundError('Image not found');
    const signedIn = await allowed(match[1]!, session);
    return image(request, storage.imagePath(match[1]!, match[2] as ImageFormat), match[1]!, match[2] as ImageFormat, signedIn);
  };
  const preview = async (request: Request, file: string, session: Session) => {
    const hash = PREVIEW_FILE.exec(file)?.[1];
    if (!hash) throw new NotFoundError('Image not found');
    const signedIn = await allowed(hash, session);
    const made = await ensurePreview(storage, hash);
    if (made.kind === 'preview') return image(request, made.path, `${hash}-512`, 'jpg', signedIn);
    // WebP (or an undecodable image): the original is the next best preview.
    if (made.kind === 'original') return image(request, made.path, hash, made.format, signedIn);
    if (made.kind === 'tooLarge') throw new NotFoundError('This image is too large to preview');
    throw new NotFoundError('Image not found');
  };

  return new Elysia({ name: 'object-routes', prefix: '/objects' })
    .use(ctx.auth)
    .get('/images/:file', ({ params, request, currentSession }) => original(request, params.file, currentSession), { params: objectParams })
    .head('/images/:file', ({ params, request, currentSession }) => original(request, params.file, currentSession), { params: objectParams })
    .get('/previews/:file', ({ params, request, currentSession }) => preview(request, params.file, currentSession), { params: objectParams })
    .head('/previews/:file', ({ params, request, currentSession }) => preview(request, params.file, currentSession), { params: objectParams })
    .all('/*', () => {
      throw new NotFoundError('Image not found');
    });
}
