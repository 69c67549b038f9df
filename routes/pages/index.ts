import { Elysia } from 'elysia';
import { presignedOrigin } from '../../media/s3-storage.ts';
import type { AppContext } from '../../src/app-context.ts';
import { requestOrigin } from '../../src/http/client-ip.ts';
import type { PageScope } from '../../src/render/page-scope.ts';
import { loadBundles } from '../../src/render/bundles.ts';
import { type Renderer, createRenderer } from '../../src/render/renderer.tsx';
import { toUserDto } from '../../src/services/accounts/user-dto.ts';
import { sidebarOpenFromCookies } from '../../src/shared/admin-sidebar.ts';
import { APP_ROUTES } from '../../src/shared/app-routes.ts';
import type { UserDto } from '../../src/shared/types.ts';
import type { PageName } from './registry.ts';
import { catalogueVersion } from '../../src/services/catalogue/catalogue-version.ts';
import { createPageCache } from './page-cache.ts';
import { serveAsset, servePublic, serveServiceWorker } from './static-files.ts';

/** Paths that are files, not pages: their errors stay plain, never an HTML page. */
const FILE_PREFIXES = ['/media/', '/objects/', '/assets/', '/icons/'];


export function createPages(ctx: AppContext) {
  let renderer: Promise<Renderer> | null = null;
  // Built and loaded on the first page request (main.ts warms it at start), so API-only
  // tests never pay for a build.
  const loadRenderer = () => {
    const mediaOrigins = ctx.config.s3?.publicUrls ? [presignedOrigin(ctx.config.s3)] : [];
    renderer ??= loadBundles().then((bundles) => createRenderer(ctx.log, bundles, mediaOrigins)).catch((error) => {
      renderer = null;
      throw error;
    });
    return renderer;
  };

  const scopeFor = (request: Request, user: UserDto | null): Omit<PageScope, 'css' | 'status'> => ({
    db: ctx.db,
    now: ctx.now(),
    origin: ctx.config.publicUrl ?? requestOrigin(request, ctx.config.trustProxy),
    path: new URL(request.url).pathname,
    user,
  });

  const render = async (request: Request, user: UserDto | null, page: PageName, props = {}, status = 200) =>
    (await loadRenderer()).render(page, props, scopeFor(request, user), status);

  const redirect = (location: string) => new Response(null, { status: 302, headers: { location } });

  /** For the error plugin: a failed non-API GET becomes the matching page. */
  async function renderErrorPage(
    request: Request,
    status: number,
    message: string,
    headers: Record<string, string>,
  ): Promise<Response> {
    const path = new URL(request.url).pathname;
    if (FILE_PREFIXES.some((prefix) => path.startsWith(prefix))) {
      // Files keep JSON errors and their headers (a 416 must carry Content-Range).
      return Response.json({ error: message }, { status, headers });
    }
    try {
      if (status === 401) return redirect('/login');
      if (status === 404) return await render(request, null, 'not-found');
      if (status === 403) return await render(request, null, 'access-denied');
      return await render(request, null, 'error', { message }, status);
    } catch (error) {
      ctx.log.error('Rendering the error page failed', error);
      return new Response(`Something went wrong\n\n${message}`, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } });
    }
  }

  const publicFile = async (name: string) => servePublic((await loadRenderer()).files.publicFiles, name);
  const files = new Elysia({ name: 'page-files' })
    .get('/assets/*', async ({ params, request }) => serveAsset((await loadRenderer()).files.assets, params['*'], request))
    .get('/service-worker.js', async () => serveServiceWorker((await loadRenderer()).files.serviceWorker))
    .get('/icons/*', ({ params }) => publicFile(`icons/${params['*']}`))
    .get('/robots.txt', () => publicFile('robots.txt'))
    .get('/manifest.webmanifest', () => publicFile('manifest.webmanifest'))
    .get('/default-artwork.png', () => publicFile('default-artwork.png'));

  const pages = new Elysia({ name: 'page-routes' })
    .use(ctx.auth)
    .resolve(async ({ currentSession }) => {
      const live = await currentSession();
      return { viewer: live ? toUserDto(live.user) : null };
    })
    // `?create=1` (the share page's invitation) opens Create Account in the server HTML itself;
    // `?add` is the profile picker's Add profile: a signed-in member signs another one in.
    .get('/login', ({ request, viewer }) => {
      const query = new URL(request.url).searchParams;
      return viewer && !query.has('add') ? redirect('/') : render(request, null, 'login', { create: query.has('create') });
    })
    .get('/share', ({ request, viewer }) => render(request, viewer, 'share-audio'))
    // A family room: guests have no session; the page's island asks the room who they are.
    .get('/room/:code', ({ request, params }) => render(request, null, 'room', { code: params.code.slice(0, 32) }));

  // Every signed-in route of the app-route table answers the shell; its client router takes
  // over. Guests go to /login (but `/` is their landing page); non-admins get Access Denied.
  for (const route of APP_ROUTES) {
    pages.get(route.pattern, ({ request, viewer }) => {
      if (!viewer) return route.pattern === '/' ? render(request, null, 'landing') : redirect('/login');
      if (route.adminOnly && !viewer.isAdmin) return render(request, viewer, 'access-denied');
      // The admin sidebar renders as it was left (its cookie), so a reload never flashes it.
      return render(request, viewer, 'app', { sidebarOpen: sidebarOpenFromCookies(request.headers.get('cookie')) });
    });
  }

  // Share pages render nothing about the visitor (no session is read), so one cached copy
  // serves everyone; see page-cache.ts for when a copy is still valid.
  const cache = createPageCache(() => catalogueVersion(ctx.db), ctx.now);
  const cached = async (request: Request, page: PageName, shareId: string) =>
    cache.serve(await loadRenderer(), page, { shareId }, scopeFor(request, null));
  const shares = new Elysia({ name: 'share-pages' })
    .get('/share/:shareId', ({ request, params }) => cached(request, 'share-song', params.shareId))
    .get('/share/album/:shareId', ({ request, params }) => cached(request, 'share-album', params.shareId))
    .get('/share/playlist/:shareId', ({ request, params }) => cached(request, 'share-playlist', params.shareId));

  // Files and share pages never read the session: createApp mounts them before the route plugins,
  // whose global session hook (the cookie jar's helpers, made per request) then skips them.
  const visitorFree = new Elysia({ name: 'visitor-free-pages' }).use(files).use(shares);
  return { visitorFree, plugin: pages, renderErrorPage, loadRenderer };
}
