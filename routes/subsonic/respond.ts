import type { SubsonicError } from '../../src/services/subsonic/errors.ts';
import { API_VERSION, SERVER_VERSION } from '../../src/services/subsonic/version.ts';
import { type XmlObject, toXmlDocument } from '../../src/services/subsonic/xml.ts';

const NAMESPACE = 'http://subsonic.org/restapi';
const JSONP_CALLBACK = /^[A-Za-z_$][\w$.]{0,63}$/;
const GZIP_FROM_BYTES = 1024;

/** Every Subsonic answer's headers: per user (never shared caches); readable by web players elsewhere. */
export const REST_HEADERS = {
  'cache-control': 'no-store',
  'access-control-allow-origin': '*',
} as const;

function envelope(status: 'ok' | 'failed', payload: XmlObject): XmlObject {
  return { status, version: API_VERSION, type: 'hearth', serverVersion: SERVER_VERSION, openSubsonic: true, ...payload };
}

/**
 * The Subsonic envelope as XML (the default), JSON (`f=json`) or JSONP (`f=jsonp&callback=`),
 * gzipped above 1 KiB for clients that take it (an index of every artist runs to hundreds of KiB).
 */
export function respond(request: Request, format: string | undefined, callback: string | undefined, status: 'ok' | 'failed', payload: XmlObject, httpStatus = 200, extra: Record<string, string> = {}): Response {
  const body = envelope(status, payload);
  let text: string;
  let type: string;
  if (format === 'json' || (format === 'jsonp' && !callback)) {
    text = JSON.stringify({ 'subsonic-response': body });
    type = 'application/json; charset=utf-8';
  } else if (format === 'jsonp' && callback && JSONP_CALLBACK.test(callback)) {
    text = `${callback}(${JSON.stringify({ 'subsonic-response': body })});`;
    type = 'application/javascript; charset=utf-8';
  } else {
    text = toXmlDocument('subsonic-response', body, NAMESPACE);
    type = 'text/xml; charset=utf-8';
  }
  const headers: Record<string, string> = { ...REST_HEADERS, ...extra, 'content-type': type };
  if (text.length >= GZIP_FROM_BYTES && /\bgzip\b/i.test(request.headers.get('accept-encoding') ?? '')) {
    headers['content-encoding'] = 'gzip';
    headers.vary = 'accept-encoding';
    return new Response(Bun.gzipSync(text, { level: 1 }), { status: httpStatus, headers });
  }
  return new Response(text, { status: httpStatus, headers });
}

export function respondError(request: Request, format: string | undefined, callback: string | undefined, error: SubsonicError): Response {
  return respond(request, format, callback, 'failed', { error: { code: error.code, message: error.message } }, error.status, error.headers);
}
