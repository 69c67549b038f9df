import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { checkServerIdentity } from 'node:tls';
import { BadRequestError, ForbiddenError, HttpError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../src/errors.ts';
import { isForbiddenAddress } from './address.ts';

export interface ProxyOptions {
  /** Origins (scheme://host:port) the proxy may fetch: MEDIA_PROXY_ALLOW. */
  allow: string[];
  lookup?: (hostname: string) => Promise<string[]>;
  isForbidden?: (ip: string) => boolean;
  maxBytes?: number;
  headersTimeoutMs?: number;
  totalTimeoutMs?: number;
  maxRedirects?: number;
}

const defaultLookup = async (hostname: string) => (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => a.address);
const AUDIO_TYPE = /^(audio\/[\w.+-]+|application\/ogg|application\/octet-stream)\s*(;|$)/i;
const PASSED_HEADERS = ['content-type', 'content-length', 'content-range', 'accept-ranges', 'etag', 'last-modified'];

class BadGatewayError extends HttpError {
  constructor(message: string) {
    super(502, message);
  }
}

function parseTarget(raw: string | undefined): URL {
  let url: URL;
  try {
    url = new URL(raw ?? '');
  } catch {
    throw new BadRequestError('url must be an absolute http(s) address');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new BadRequestError('url must be an absolute http(s) address');
  if (url.username || url.password) throw new BadRequestError('url must not carry credentials');
  return url;
}

/** Resolves the host ourselves and returns the one address we will connect to. */
async function safeAddress(url: URL, options: ProxyOptions): Promise<string> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : await (options.lookup ?? defaultLookup)(host).catch(() => []);
  if (addresses.length === 0) throw new BadGatewayError('The audio host could not be found');
  // Any private answer refuses the lot: a host that resolves there is not a public media host.
  if (addresses.some(options.isForbidden ?? isForbiddenAddress)) {
    throw new ForbiddenError('The audio proxy never fetches local, private or link-local addresses');
  }
  return addresses[0]!;
}

/** One hop: connect to the checked address, name the real host in Host and TLS (SNI, certificate). */
async function fetchHop(url: URL, address: string, range: string | null, signal: AbortSignal): Promise<Response> {
  const target = new URL(url);
  target.hostname = isIP(address) === 6 ? `[${address}]` : address;
  const headers: Record<string, string> = { host: url.host, accept: 'audio/*', 'user-agent': 'Hearth audio proxy' };
  if (range) headers.range = range;
  const tls = url.protocol === 'https:'
    ? { serverName: url.hostname, checkServerIdentity: (_: string, cert: Parameters<typeof checkServerIdentity>[1]) => checkServerIdentity(url.hostname, cert) }
    : undefined;
  try {
    return await fetch(target, { headers, redirect: 'manual', signal, tls } as RequestInit);
  } catch {
    throw new BadGatewayError('The audio host did not answer');
  }
}

/** Follows same-origin redirects only, rechecking the allow-list and the address each time. */
async function fetchAllowed(start: URL, range: string | null, options: ProxyOptions, signal: AbortSignal): Promise<Response> {
  let url = start;
  for (let hop = 0; hop <= (options.maxRedirects ?? 3); hop++) {
    if (!options.allow.includes(url.origin)) throw new ForbiddenError('This address is not on the audio proxy allow-list');
    const response = await fetchHop(url, await safeAddress(url, options), range, signal);
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) return response;
    await response.body?.cancel();
    const next = new URL(location, url);
    if (next.origin !== url.origin) throw new ForbiddenError('The audio proxy does not follow redirects to another origin');
    url = next;
  }
  throw new BadGatewayError('Too many redirects');
}

/** Passes bytes through while counting; errors the stream past the limit. */
function limited(body: ReadableStream<Uint8Array>, maxBytes: number, done: () => void): ReadableStream<Uint8Array> {
  let seen = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > maxBytes) controller.error(new Error('audio proxy byte limit'));
        else controller.enqueue(chunk);
      },
      flush: done,
    }),
  );
}

/**
 * GET /api/audio/proxy (docs/architecture.md): allow-listed origins only, never a private address (the
 * address checked is the address connected), same-origin redirects only, Range forwarded,
 * streamed with byte and time limits. Off unless MEDIA_PROXY_ALLOW names origins.
 */
export async function proxyAudio(rawUrl: string | undefined, request: Request, options: ProxyOptions): Promise<Response> {
  if (options.allow.length === 0) throw new ForbiddenError('The audio proxy is not enabled on this server (MEDIA_PROXY_ALLOW is empty)');
  const url = parseTarget(rawUrl);
  const abort = new AbortController();
  const total = setTimeout(() => abort.abort(), options.totalTimeoutMs ?? 10 * 60_000);
  const headersTimer = setTimeout(() => abort.abort(), options.headersTimeoutMs ?? 15_000);
  const stop = () => clearTimeout(total);
  try {
    const upstream = await fetchAllowed(url, request.headers.get('range'), options, abort.signal);
    clearTimeout(headersTimer);
    const maxBytes = options.maxBytes ?? 200 * 1024 * 1024;
    if (Number(upstream.headers.get('content-length') ?? 0) > maxBytes) throw new PayloadTooLargeError('The audio file is too large to proxy');
    if (upstream.ok && !AUDIO_TYPE.test(upstream.headers.get('content-type') ?? '')) throw new UnsupportedMediaTypeError('The address is not an audio file');
    if (!upstream.ok && upstream.status !== 416) throw new BadGatewayError(`The audio host answered ${upstream.status}`);
    const headers = new Headers({ 'cache-control': 'private, max-age=3600', 'content-security-policy': "default-src 'none'; sandbox" });
    for (const name of PASSED_HEADERS) {
      const value = upstream.headers.get(name);
      if (value) headers.set(name, value);
    }
    const body = upstream.body ? limited(upstream.body, maxBytes, stop) : null;
    if (!body) stop();
    return new Response(body, { status: upstream.status, headers });
  } catch (error) {
    stop();
    clearTimeout(headersTimer);
    abort.abort();
    throw error;
  }
}
