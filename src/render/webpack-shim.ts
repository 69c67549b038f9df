/**
 * react-server-dom-webpack's browser client loads client components through webpack's
 * globals. Defined here, imported before React's client: `__webpack_chunk_load__(url)`
 * imports the hashed module, `__webpack_require__(url)` hands back its exports.
 */
const loaded = new Map<string, unknown>();

interface WebpackRequire {
  (id: string): unknown;
  u: (chunkId: string) => string;
}

const webpackRequire = ((id: string) => {
  if (!loaded.has(id)) throw new Error(`client module ${id} was not loaded`);
  return loaded.get(id);
}) as WebpackRequire;
webpackRequire.u = (chunkId) => chunkId;

const globals = globalThis as unknown as Record<string, unknown>;
globals.__webpack_require__ = webpackRequire;
// The development client names chunks in its debug info through this.
globals.__webpack_get_script_filename__ = (chunkId: string) => chunkId;
globals.__webpack_chunk_load__ = (url: string) =>
  loaded.has(url) ? Promise.resolve() : import(/* @vite-ignore */ url).then((exports) => void loaded.set(url, exports));

export {};
