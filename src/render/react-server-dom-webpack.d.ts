// react-server-dom-webpack ships no types; these cover what the render pipeline uses.
declare module 'react-server-dom-webpack/server.edge' {
  export type ClientManifest = Record<string, { id: string; chunks: string[]; name: string }>;
  export function renderToReadableStream(
    model: unknown,
    webpackMap: ClientManifest,
    options?: { onError?: (error: unknown) => string | void; signal?: AbortSignal },
  ): ReadableStream<Uint8Array>;
  export function registerClientReference<T>(proxy: T, id: string, exportName: string): T;
}

declare module 'react-server-dom-webpack/client.edge' {
  export interface ServerConsumerManifest {
    moduleMap: Record<string, Record<string, { id: string; chunks: string[]; name: string }>>;
    serverModuleMap: null;
    moduleLoading: null | { prefix: string; crossOrigin?: string };
  }
  export function createFromReadableStream<T>(
    stream: ReadableStream<Uint8Array>,
    options: { serverConsumerManifest: ServerConsumerManifest; nonce?: string },
  ): Promise<T>;
}

declare module 'react-server-dom-webpack/client.browser' {
  export function createFromReadableStream<T>(stream: ReadableStream<Uint8Array>): Promise<T>;
}
