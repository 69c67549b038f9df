import type { Server } from 'bun';

/**
 * The client's address. Behind a reverse proxy (TRUST_PROXY) it is the last entry of
 * X-Forwarded-For, the one our own proxy appended; otherwise the socket's address, so a
 * client cannot pick its own rate-limit key.
 */
export function clientIp(request: Request, server: Server<unknown> | null, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = request.headers.get('x-forwarded-for');
    const last = forwarded?.split(',').at(-1)?.trim();
    if (last) return last;
  }
  return server?.requestIP(request)?.address ?? 'unknown';
}

/** A host name or IP literal with an optional port, nothing else (no path, no credentials). */
const HOST = /^(\[[\da-f:.]+\]|[a-z\d.-]+)(:\d{1,5})?$/i;

const first = (request: Request, name: string) => request.headers.get(name)?.split(',')[0]?.trim() || undefined;

/**
 * The scheme and host the client used, honouring X-Forwarded-* only behind a trusted proxy.
 * The origin is rebuilt from the forwarded scheme and host alone: nginx's usual
 * `X-Forwarded-Host $host` carries no port, and the socket's port (3000) is not the client's.
 */
export function requestOrigin(request: Request, trustProxy: boolean): string {
  const url = new URL(request.url);
  if (!trustProxy) return url.origin;
  const proto = first(request, 'x-forwarded-proto')?.toLowerCase() ?? url.protocol.slice(0, -1);
  const forwardedHost = first(request, 'x-forwarded-host');
  const port = first(request, 'x-forwarded-port');
  let host = forwardedHost ?? request.headers.get('host') ?? url.host;
  // A port only from X-Forwarded-Port, when the host names none (IPv6 literals end in "]").
  if (forwardedHost && port && /^\d{1,5}$/.test(port) && !/:\d+$/.test(host)) host = `${host}:${port}`;
  if ((proto !== 'http' && proto !== 'https') || !HOST.test(host)) return url.origin;
  return URL.parse(`${proto}://${host}`)?.origin ?? url.origin;
}
