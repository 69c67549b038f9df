import { Elysia } from 'elysia';

const isEmpty = (record: object) => {
  for (const _ in record) return false;
  return true;
};

/**
 * Writes the headers hooks put in `set.headers` (the security headers, on every request) into a
 * Response a handler returned. Left in `set` (or with the empty jar of a route naming `cookie`),
 * Elysia copies the Response into a new one with a streamed body: a third of a cached share page's time.
 */
export function headersIntoResponsePlugin() {
  return new Elysia({ name: 'headers-into-response' })
    .mapResponse(({ responseValue, set }) => {
      if (!(responseValue instanceof Response) || (set.status ?? 200) !== 200) return;
      if (set.cookie && !isEmpty(set.cookie)) return; // cookies to write: Elysia serialises them
      const headers = set.headers as Record<string, string>;
      if ('set-cookie' in headers) return;
      try {
        for (const key in headers) if (!responseValue.headers.has(key)) responseValue.headers.set(key, headers[key]!);
      } catch {
        return; // immutable headers (a fetched Response): Elysia's own copy carries them
      }
      for (const key in headers) delete headers[key];
      set.cookie = undefined;
      return responseValue;
    })
    .as('global');
}
