import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from '../app/query-client.ts';

/** Test support for the album dialogs: the network edge (fetch) recorded and answered per test. */
export interface Call {
  url: string;
  method: string;
  body: unknown;
}

const realFetch = globalThis.fetch;

/** Replaces fetch with `answer`; returns the list every call is recorded in. */
export function stubFetch(answer: (call: Call) => Promise<Response> | Response): Call[] {
  const calls: Call[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call = { url: String(input), method: init.method ?? 'GET', body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body };
    calls.push(call);
    return answer(call);
  }) as typeof fetch;
  return calls;
}

export const restoreFetch = () => {
  globalThis.fetch = realFetch;
};

export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export function withQueries(children: ReactNode, client: QueryClient = createQueryClient()) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
