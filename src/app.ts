import { Elysia } from 'elysia';
import { healthRoutes } from '../routes/health/index.ts';
import { createPages } from '../routes/pages/index.ts';
import { sessionRoutes } from '../routes/session/index.ts';
import { settingsRoutes } from '../routes/settings/index.ts';
import { userRoutes } from '../routes/users/index.ts';
import { playlistRoutes } from '../routes/playlists/index.ts';
import { albumRoutes } from '../routes/albums/index.ts';
import { searchRoutes } from '../routes/search/index.ts';
import { songRoutes } from '../routes/songs/index.ts';
import { trashRoutes } from '../routes/trash/index.ts';
import { mediaRoutes } from '../routes/media/index.ts';
import { objectRoutes } from '../routes/media/objects.ts';
import { shareRoutes } from '../routes/shares/index.ts';
import { tempShareRoutes } from '../routes/temp-shares/index.ts';
import { uploadRoutes } from '../routes/uploads/index.ts';
import { audioProxyRoutes } from '../routes/audio-proxy/index.ts';
import { appPasswordRoutes } from '../routes/subsonic/app-passwords.ts';
import { subsonicRoutes } from '../routes/subsonic/index.ts';
import { listeningRoutes } from '../routes/listening/index.ts';
import { type AppDeps, createAppContext } from './app-context.ts';
import { NotFoundError } from './errors.ts';
import { compressionPlugin } from './http/compression.ts';
import { errorPlugin } from './http/error-plugin.ts';
import { requestLogPlugin } from './http/request-log.ts';
import { securityPlugin } from './http/security.ts';

/** Builds the whole HTTP app from its dependencies. Never listens: main.ts and tests do. */
export function createApp(deps: AppDeps) {
  const ctx = createAppContext(deps);
  const pages = createPages(ctx);
  return new Elysia()
    .use(requestLogPlugin(ctx.log))
    .use(errorPlugin({ log: ctx.log, renderPage: pages.renderErrorPage }))
    .use(securityPlugin(ctx.config))
    .use(compressionPlugin())
    .use(healthRoutes(ctx))
    .use(sessionRoutes(ctx))
    .use(settingsRoutes(ctx))
    .use(userRoutes(ctx))
    .use(songRoutes(ctx))
    .use(albumRoutes(ctx))
    .use(playlistRoutes(ctx))
    .use(searchRoutes(ctx))
    .use(trashRoutes(ctx))
    .use(shareRoutes(ctx))
    .use(mediaRoutes(ctx))
    .use(objectRoutes(ctx))
    .use(uploadRoutes(ctx))
    .use(tempShareRoutes(ctx))
    .use(audioProxyRoutes(ctx))
    .use(appPasswordRoutes(ctx))
    .use(subsonicRoutes(ctx))
    .use(listeningRoutes(ctx))
    .use(pages.plugin)
    .all('/api/*', () => {
      throw new NotFoundError('No such API endpoint');
    });
}

export type App = ReturnType<typeof createApp>;
