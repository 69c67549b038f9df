import { createNonce } from '../../src/render/csp.ts';
import type { PageScope } from '../../src/render/page-scope.ts';
import type { Renderer } from '../../src/render/renderer.tsx';
import type { PageName } from './registry.ts';

const MAX_ENTRIES = 500;
/** Bounds memory on a Raspberry Pi whatever the pages weigh. */
const MAX_BYTES = 16 * 1024 * 1024;

interface Entry {
  /** The page as UTF-8 with the placeholder nonce at `nonceAt`: a copy with a fresh nonce written there is the response. */
  page: Uint8Array;
  nonceAt: number[];
  bytes: number;
  /** The catalogue version when the render began. */
  version: number;
  expiresAt: number;
}

type Scope = Omit<PageScope, 'css' | 'status' | 'expiresAt'>;

/**
 * Rendered HTML of the public share pages, which are the same for every visitor. A hit is
 * valid while the catalogue version (`version()`: songs, albums, playlists, temporary shares,
 * from any process) has not moved and, for a temporary share, until it expires. Pages are
 * rendered with a per-cache placeholder nonce that is swapped for a fresh one on every
 * response, so CSP nonces stay unique per response.
 */
export function createPageCache(version: () => number, now: () => number) {
  const placeholder = createNonce();
  const entries = new Map<string, Entry>();
  let totalBytes = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    totalBytes -= entry.bytes;
  };

  const store = (key: string, entry: Entry) => {
    remove(key);
    if (entry.bytes > MAX_BYTES / 4) return;
    entries.set(key, entry);
    totalBytes += entry.bytes;
    for (const [oldest] of entries) {
      if (entries.size <= MAX_ENTRIES && totalBytes <= MAX_BYTES) break;
      remove(oldest);
    }
  };

  /** A fresh hit, moved to the recent end of the LRU order; stale entries are dropped. */
  const lookup = (key: string, current: number): Entry | null => {
    const entry = entries.get(key);
    if (!entry) return null;
    if (entry.version !== current || now() >= entry.expiresAt) {
      remove(key);
      return null;
    }
    entries.delete(key);
    entries.set(key, entry);
    return entry;
  };

  async function serve(renderer: Renderer, page: PageName, props: Record<string, unknown>, scope: Scope): Promise<Response> {
    const key = `${scope.origin}${scope.path}`;
    const current = version();
    const nonce = createNonce();
    const hit = lookup(key, current);
    if (hit) return new Response(withNonce(hit, nonce), { headers: { ...renderer.headers(nonce), 'x-cache': 'HIT' } });
    const rendered = await renderer.renderBody(page, props, scope, 200, placeholder);
    const onComplete =
      rendered.status === 200
        ? (html: string) => store(key, { ...encodePage(html, placeholder), version: current, expiresAt: rendered.expiresAt ?? Infinity })
        : null;
    const body = rendered.body.pipeThrough(swapNonce(placeholder, nonce, onComplete));
    return new Response(body, { status: rendered.status, headers: { ...renderer.headers(nonce), 'x-cache': 'MISS' } });
  }

  return { serve, size: () => entries.size };
}

/** The page as bytes, with where the placeholder stands: one copy and a few writes per hit. */
function encodePage(html: string, placeholder: string): Pick<Entry, 'page' | 'nonceAt' | 'bytes'> {
  const parts = html.split(placeholder).map((part) => Buffer.from(part));
  const placeholderBytes = Buffer.from(placeholder);
  const nonceAt: number[] = [];
  let offset = 0;
  for (const part of parts.slice(0, -1)) {
    offset += part.byteLength;
    nonceAt.push(offset);
    offset += placeholderBytes.byteLength;
  }
  const page = Buffer.concat(parts.flatMap((part, i) => (i === 0 ? [part] : [placeholderBytes, part])));
  return { page, nonceAt, bytes: page.byteLength };
}

/** A copy of the cached page with `nonce` (base64, as long as the placeholder) in the placeholder's places. */
function withNonce(entry: Entry, nonce: string): Uint8Array<ArrayBuffer> {
  const body = new Uint8Array(entry.page);
  for (const at of entry.nonceAt) for (let i = 0; i < nonce.length; i++) body[at + i] = nonce.charCodeAt(i);
  return body;
}

/**
 * Streams the page through with `placeholder` replaced by `nonce`, holding back only a tail
 * that could be the start of a placeholder split across chunks; hands the whole original
 * page to `onComplete` once it ended well.
 */
function swapNonce(placeholder: string, nonce: string, onComplete: ((html: string) => void) | null) {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let whole = '';
  let carry = '';
  const emit = (controller: TransformStreamDefaultController<Uint8Array>, text: string) => {
    if (text) controller.enqueue(encoder.encode(text));
  };
  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      const text = decoder.decode(chunk, { stream: true });
      if (onComplete) whole += text;
      const replaced = (carry + text).replaceAll(placeholder, nonce);
      let keep = Math.min(placeholder.length - 1, replaced.length);
      while (keep > 0 && !placeholder.startsWith(replaced.slice(replaced.length - keep))) keep--;
      carry = replaced.slice(replaced.length - keep);
      emit(controller, replaced.slice(0, replaced.length - keep));
    },
    flush(controller) {
      const rest = decoder.decode();
      emit(controller, (carry + rest).replaceAll(placeholder, nonce));
      onComplete?.(whole + rest);
    },
  });
}
