/**
 * react-server-dom-webpack's browser client finds client components through webpack's globals.
 * Defined here, imported before React's client: the page's bootstrap registers every client
 * module it bundles (`registerClientModules`), and `__webpack_require__(source)` hands back its
 * exports. The server's references name no chunks, so React never asks to load one.
 */
const loaded = new Map<string, unknown>();

interface WebpackRequire {
  (id: string): unknown;
  u: (chunkId: string) => string;
}

const webpackRequire = ((id: string) => {
  if (!loaded.has(id)) throw new Error(`client module ${id} is not in this page's bootstrap`);
  return loaded.get(id);
}) as WebpackRequire;
webpackRequire.u = (chunkId) => chunkId;

const globals = globalThis as unknown as Record<string, unknown>;
globals.__webpack_require__ = webpackRequire;
// The development client names chunks in its debug info through this.
globals.__webpack_get_script_filename__ = (chunkId: string) => chunkId;
globals.__webpack_chunk_load__ = () => Promise.resolve();

/** The client modules of a bootstrap, by source path (the id the server's references carry). */
export function registerClientModules(modules: Record<string, unknown>): void {
  for (const [source, exports] of Object.entries(modules)) loaded.set(source, exports);
}
