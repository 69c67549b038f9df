import { type ReactNode, createElement } from 'react';
import { type ClientManifest, renderToReadableStream } from 'react-server-dom-webpack/server.edge';
import { PAGES, type PageName } from '../../routes/pages/registry.ts';
import { type PageScope, scopeStorage } from './page-scope.ts';

/**
 * The RSC bundle's only entry (built with the react-server condition). The server calls it
 * with a page name rather than an element, so elements are made by this bundle's React.
 */
export function renderFlight(
  page: PageName,
  props: Record<string, unknown>,
  scope: PageScope,
  clientManifest: ClientManifest,
  onError: (error: unknown) => void,
): ReadableStream<Uint8Array> {
  const component = PAGES[page] as (p: typeof props) => ReactNode;
  // Flight renders in tasks scheduled from here, so they all see this request's scope.
  return scopeStorage.run(scope, () =>
    renderToReadableStream(createElement(component, props), clientManifest, {
      onError(error) {
        onError(error);
      },
    }),
  );
}
