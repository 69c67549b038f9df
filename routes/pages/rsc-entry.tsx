import { type ReactNode, createElement } from 'react';
import { renderToReadableStream } from 'react-server-dom-webpack/server.edge';
import type { RenderFlight } from '../../src/render/renderer.tsx';
import { scopeStorage } from '../../src/render/page-scope.ts';
import { PAGES, type PageName } from './registry.ts';

/**
 * The RSC bundle's only entry (built by src/compose/build.ts with the react-server condition); it lives
 * with the pages so the renderer never imports them. The server calls it with a page name
 * rather than an element, so elements are made by this bundle's React.
 */
export const renderFlight: RenderFlight = (page, props, scope, clientManifest, onError) => {
  if (!Object.hasOwn(PAGES, page)) throw new Error(`No page named "${page}"`);
  const component = PAGES[page as PageName] as (p: typeof props) => ReactNode;
  // Flight renders in tasks scheduled from here, so they all see this request's scope.
  return scopeStorage.run(scope, () =>
    renderToReadableStream(createElement(component, props), clientManifest, {
      onError(error) {
        onError(error);
      },
    }),
  );
};
