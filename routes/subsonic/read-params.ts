import { SUBSONIC_ERROR, SubsonicError } from '../../src/services/subsonic/errors.ts';
import { Params } from '../../src/services/subsonic/params.ts';

const MAX_FORM_BYTES = 64 * 1024;
const tooLarge = () => new SubsonicError(SUBSONIC_ERROR.generic, 'The request is too large', 413);

/** Query string plus, for POST (OpenSubsonic formPost), the urlencoded body; bounded. */
export async function readParams(request: Request, url: URL): Promise<Params> {
  const params = url.searchParams;
  if (request.method !== 'POST') return new Params(params);
  const type = request.headers.get('content-type') ?? '';
  if (type && !type.startsWith('application/x-www-form-urlencoded')) {
    throw new SubsonicError(SUBSONIC_ERROR.generic, 'Send parameters as application/x-www-form-urlencoded', 415);
  }
  if (Number(request.headers.get('content-length') ?? 0) > MAX_FORM_BYTES) throw tooLarge();
  for (const [name, value] of new URLSearchParams(await boundedText(request))) params.append(name, value);
  return new Params(params);
}

/** The body as text, given up past MAX_FORM_BYTES while it arrives (a chunked body names no length). */
async function boundedText(request: Request): Promise<string> {
  if (!request.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of request.body) {
    size += chunk.byteLength;
    if (size > MAX_FORM_BYTES) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
