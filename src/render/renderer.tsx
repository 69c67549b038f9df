import { type ReactNode, use } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import { createFromReadableStream } from 'react-server-dom-webpack/client.edge';
import type { ClientManifest } from 'react-server-dom-webpack/server.edge';
import type { Logger } from '../logger.ts';
import type { BuiltBundles } from './bundles.ts';
import { HEAD_SCRIPTS, contentSecurityPolicy, createNonce } from './csp.ts';
import { composeHtml, escapeAttribute } from './html-stream.ts';
import type { PageScope } from './page-scope.ts';
import { serverPartsLoaded } from '../shared/server-parts.ts';

/**
 * What the RSC bundle's entry exports (routes/pages/rsc-entry.tsx, named by the build): it knows
 * the pages; the renderer only passes their names through.
 */
export type RenderFlight = (
  page: string,
  props: Record<string, unknown>,
  scope: PageScope,
  clientManifest: ClientManifest,
  onError: (error: unknown) => void,
) => ReadableStream<Uint8Array>;

/** `Page` is the caller's page names (routes/pages/registry.ts); the renderer needs none. */
export interface Renderer<Page extends string = string> {
  /** The build's files: browser assets (`/assets/…`), the service worker and public/. */
  files: Pick<BuiltBundles, 'assets' | 'serviceWorker' | 'publicFiles'>;
  /** Renders a page to a streamed HTML response; `scope.status` may be changed by the page. */
  render(page: Page, props: Record<string, unknown>, scope: Omit<PageScope, 'css' | 'status'>, status?: number): Promise<Response>;
  /** The same render with a given nonce, unwrapped: for the page cache (see page-cache.ts). */
  renderBody(page: Page, props: Record<string, unknown>, scope: BaseScope, status: number, nonce: string): Promise<RenderedPage>;
  /** The per-response headers of a page whose scripts carry `nonce`. */
  headers(nonce: string): Record<string, string>;
}

type BaseScope = Omit<PageScope, 'css' | 'status' | 'expiresAt'>;

export interface RenderedPage {
  body: ReadableStream<Uint8Array>;
  status: number;
  /** Set by a page whose content lapses at a moment (a temporary share's expiry). */
  expiresAt?: number;
}

function Root({ response }: { response: Promise<ReactNode> }) {
  return use(response);
}

/** SSR resolves client references through webpack's globals: here, modules already imported. */
function installSsrModules(modules: Record<string, unknown>) {
  const globals = globalThis as unknown as Record<string, unknown>;
  globals.__webpack_require__ = (id: string) => modules[id];
  globals.__webpack_chunk_load__ = () => Promise.resolve();
}

/** Renders with loaded bundles (src/render/bundles.ts): each render is Flight → HTML in-process. */
export function createRenderer<Page extends string = string>(log: Logger, bundles: BuiltBundles, mediaOrigins: string[] = []): Renderer<Page> {
  const { manifest, rsc } = bundles;
  installSsrModules(bundles.ssrModules);
  const clientManifest: ClientManifest = {};
  const moduleMap: Record<string, Record<string, { id: string; chunks: string[]; name: string }>> = {};
  // A reference names its module by source path and no chunk: the page's bootstrap has it.
  for (const source of manifest.clientModules) {
    clientManifest[source] = { id: source, chunks: [], name: '*' };
    moduleMap[source] = { '*': { id: source, chunks: [], name: '*' } };
  }
  const serverConsumerManifest = { moduleMap, serverModuleMap: null, moduleLoading: null };
  const onError = (error: unknown) => log.error('Page rendering failed', error);

  // The policy is the same but for its nonce: built once, split where the nonce goes.
  const [policyBefore, policyAfter] = contentSecurityPolicy('\n', manifest.mode === 'development', mediaOrigins).split('\n');
  const headers = (nonce: string) => ({
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': `${policyBefore}${nonce}${policyAfter}`,
    'cache-control': 'no-store',
  });

  async function renderBody(page: Page, props: Record<string, unknown>, baseScope: BaseScope, status: number, nonce: string) {
    const scope: PageScope = { ...baseScope, css: manifest.css, status };
    const bootstrap = manifest.pageBootstraps[page];
    if (!bootstrap) throw new Error(`no bootstrap for the page "${page}" (routes/pages/bootstraps.ts)`);
    // Parts loaded apart (the admin area, the views) render in place, even right after a start.
    await serverPartsLoaded();
    const [forHtml, forInline] = rsc.renderFlight(page, props, scope, clientManifest, onError).tee();
    const response = createFromReadableStream<ReactNode>(forHtml, { serverConsumerManifest });
    const html = await renderToReadableStream(<Root response={response} />, {
      nonce,
      bootstrapModules: [bootstrap],
      // A boundary rendered in full goes out in place, however long: React would otherwise send a
      // long one (over 12,800 bytes) as its fallback first and the content after it, so a page's
      // area would flash a spinner on load though the server had it all.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onError,
    });
    const head = HEAD_SCRIPTS.map((script) => `<script nonce="${escapeAttribute(nonce)}">${script}</script>`).join('');
    return { body: composeHtml(html, forInline, nonce, head), status: scope.status, expiresAt: scope.expiresAt };
  }

  return {
    files: { assets: bundles.assets, serviceWorker: bundles.serviceWorker, publicFiles: bundles.publicFiles },
    renderBody,
    headers,
    async render(page, props, baseScope, status = 200) {
      const nonce = createNonce();
      const rendered = await renderBody(page, props, baseScope, status, nonce);
      return new Response(rendered.body, { status: rendered.status, headers: headers(nonce) });
    },
  };
}

