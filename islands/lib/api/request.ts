import type { Static } from '@sinclair/typebox';
import type { RESPONSE_SCHEMAS, ResponseName } from './response-check.ts';

/**
 * The generic request failure (docs/product.md): the JSON `error` field if there is one, else
 * the raw text, else the status text.
 */
export async function errorMessage(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const parsed = JSON.parse(text) as { error?: unknown };
    if (parsed && typeof parsed.error === 'string') return parsed.error;
  } catch {
    // not JSON: fall through to the raw text
  }
  return text || response.statusText;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export type { ResponseName };
/** The type of a checked answer: derived from its response schema. */
export type ResponseOf<N extends ResponseName> = Static<(typeof RESPONSE_SCHEMAS)[N]>;

export type RequestOptions = Omit<RequestInit, 'body'> & { body?: unknown };

/**
 * Every call sends cookies; a plain object body goes as JSON, FormData as multipart. With
 * `expect`, the answer is checked against that response schema (src/shared/schemas/) and a
 * mismatch rejects with a ResponseShapeError; without it the answer is returned unchecked.
 */
export function apiRequest<N extends ResponseName>(path: string, init: RequestOptions & { expect: N }): Promise<ResponseOf<N>>;
export function apiRequest(path: string, init?: RequestOptions): Promise<unknown>;
export async function apiRequest(path: string, init: RequestOptions & { expect?: ResponseName } = {}): Promise<unknown> {
  const { body, expect, ...rest } = init;
  // The checker (TypeBox and the schemas) loads beside the request, never on a page's first load.
  const checker = expect ? import('./response-check.ts') : null;
  checker?.catch(() => {});
  const headers = new Headers(rest.headers);
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers.set('content-type', 'application/json');
    payload = JSON.stringify(body);
  }
  const response = await fetch(path, { ...rest, headers, body: payload, credentials: 'include' });
  if (!response.ok) throw new ApiError(response.status, await errorMessage(response));
  const text = response.status === 204 ? '' : await response.text();
  const value: unknown = text ? JSON.parse(text) : undefined;
  if (checker && expect) (await checker).checkResponse(expect, `${rest.method ?? 'GET'} ${path}`, value);
  return value;
}

/** The server's message when it answered with one, else the fallback (a network failure too). */
export const messageOf = (error: unknown, fallback: string) => (error instanceof ApiError && error.message ? error.message : fallback);
