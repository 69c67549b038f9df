import { Elysia } from 'elysia';
import { createPages } from '../../routes/pages/index.ts';
import { ROUTE_PLUGINS } from '../../routes/plugins.ts';
import { type AppDeps, createAppContext } from '../app-context.ts';
import { NotFoundError } from '../errors.ts';
import { compressionPlugin } from '../http/compression.ts';
import { errorPlugin } from '../http/error-plugin.ts';
import { headersIntoResponsePlugin } from '../http/headers-into-response.ts';
import { requestLogPlugin } from '../http/request-log.ts';
import { securityPlugin } from '../http/security.ts';

/** Builds the whole HTTP app from its dependencies. Never listens: main.ts and tests do. */
export function createApp(deps: AppDeps) {
  const ctx = createAppContext(deps);
  const pages = createPages(ctx);
  const app = new Elysia()
    .use(requestLogPlugin(ctx.log, ctx.config.logLevel))
    .use(errorPlugin({ log: ctx.log, renderPage: pages.renderErrorPage }))
    .use(securityPlugin(ctx.config))
    .use(compressionPlugin())
    .use(headersIntoResponsePlugin())
    // Before the session hook the route plugins bring: files and share pages never read it.
    .use(pages.visitorFree);
  // Every resource's plugin (routes/plugins.ts), then the signed-in pages and the API's 404.
  for (const routes of ROUTE_PLUGINS) app.use(routes(ctx));
  return app
    .use(pages.plugin)
    .all('/api/*', () => {
      throw new NotFoundError('No such API endpoint');
    });
}

export type App = ReturnType<typeof createApp>;
