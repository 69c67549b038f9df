import './webpack-shim.ts';
import { type ReactNode, use, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createFromReadableStream } from 'react-server-dom-webpack/client.browser';

/** The Flight payload the server inlined as <script> chunks (see src/render/html-stream.ts). */
function inlinedFlight(): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const globals = self as unknown as { __hearthFlight?: string[] };
  return new ReadableStream({
    start(controller) {
      const queue = (globals.__hearthFlight ??= []);
      for (const chunk of queue) controller.enqueue(encoder.encode(chunk));
      queue.push = (...chunks: string[]) => {
        for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
        return 0;
      };
      const close = () => controller.close();
      if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', close, { once: true });
      else close();
    },
  });
}

function Root({ response }: { response: Promise<ReactNode> }) {
  // Effects run only after hydration commits: browser tests wait for this mark.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return use(response);
}

const response = createFromReadableStream<ReactNode>(inlinedFlight());
hydrateRoot(document, <Root response={response} />);
