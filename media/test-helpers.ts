import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Test-only helpers for media: fixture paths and hand-built multipart bodies. */
export const FIXTURES = join(import.meta.dir, 'testdata');
export const fixture = (name: string) => join(FIXTURES, name);

export interface Part {
  name: string;
  value: string | Uint8Array;
  /** Written into the header raw, so tests can send names a browser would escape. */
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body built byte by byte (FormData would escape hostile names). */
export function multipart(parts: Part[]): { body: Blob; contentType: string } {
  const boundary = `----hearth${crypto.randomUUID()}`;
  const chunks: Uint8Array[] = [];
  const text = (value: string) => chunks.push(new TextEncoder().encode(value));
  for (const part of parts) {
    text(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`);
    // Hostile names go RFC 5987-encoded (filename*), which parsers decode back to raw bytes.
    if (part.filename !== undefined) {
      const plain = /^[\x20-\x7e]*$/.test(part.filename) && !/["\\]/.test(part.filename);
      text(plain ? `; filename="${part.filename}"` : `; filename*=utf-8''${encodeURIComponent(part.filename).replaceAll("'", '%27')}`);
    }
    text('\r\n');
    if (part.contentType) text(`Content-Type: ${part.contentType}\r\n`);
    text('\r\n');
    if (typeof part.value === 'string') text(part.value);
    else chunks.push(part.value);
    text('\r\n');
  }
  text(`--${boundary}--\r\n`);
  return { body: new Blob(chunks as BlobPart[]), contentType: `multipart/form-data; boundary=${boundary}` };
}

export const fixtureBytes = (name: string) => Bun.file(fixture(name)).bytes();

/** Every file below a folder, as relative paths (to prove nothing was left behind). */
export function filesUnder(dir: string): string[] {
  try {
    return (readdirSync(dir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1));
  } catch {
    return [];
  }
}
