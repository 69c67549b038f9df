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

/** The scheme and host the client used, honouring X-Forwarded-* only behind a trusted proxy. */
export function requestOrigin(request: Request, trustProxy: boolean): string {
  const url = new URL(request.url);
  if (trustProxy) {
    const proto = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim();
    const host = request.headers.get('x-forwarded-host')?.split(',')[0]?.trim();
    if (proto) url.protocol = `${proto}:`;
    if (host) url.host = host;
  }
  return url.origin;
}
