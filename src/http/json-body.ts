import { BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../errors.ts';

/** Every API body is a small JSON object: the largest, a 10,000-song reorder, is under 100 KB. */
export const JSON_MAX_BYTES = 256 * 1024;
const JSON_MAX_DEPTH = 16;

const TOO_LARGE = 'The request body is too large';

async function readCapped(request: Request, maxBytes: number): Promise<string> {
  if (Number(request.headers.get('content-length') ?? 0) > maxBytes) throw new PayloadTooLargeError(TOO_LARGE);
  const chunks: Uint8Array[] = [];
  let size = 0;
  // A chunked body declares no length: count as it streams and stop at the cap.
  for await (const chunk of request.body!) {
    size += chunk.byteLength;
    if (size > maxBytes) throw new PayloadTooLargeError(TOO_LARGE);
    chunks.push(chunk);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** One linear pass before JSON.parse: deep nesting costs nothing to send and a stack to handle. */
function assertShallow(text: string, maxDepth: number): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > maxDepth) throw new BadRequestError('The request body is nested too deeply');
    } else if (c === 93 || c === 125) depth--;
  }
}

const isJsonType = (contentType: string) => contentType === 'application/json' || /^application\/[\w.-]+\+json$/.test(contentType);

/**
 * The body as a JSON object, bounded in size (413) and depth (400); an array, a string or a
 * number is refused (400) rather than taken for an empty object. No body and no JSON type: undefined.
 */
export async function readJsonBody(request: Request): Promise<Record<string, unknown> | undefined> {
  // From the header itself: Elysia hands parse hooks an empty type when there is no body.
  const isJson = isJsonType((request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase());
  if (!isJson && !request.body) return undefined;
  if (!isJson) throw new UnsupportedMediaTypeError('Send the request body as JSON');
  // Declared JSON but sent nothing is malformed JSON, not an empty object.
  const text = request.body ? await readCapped(request, JSON_MAX_BYTES) : '';
  assertShallow(text, JSON_MAX_DEPTH);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BadRequestError('The request body is not valid JSON');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new BadRequestError('The request body must be a JSON object');
  return value as Record<string, unknown>;
}
