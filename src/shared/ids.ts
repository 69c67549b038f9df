/** Random, URL-safe identifiers: 16 bytes (128 bits) by default, base64url without padding. */
export function randomId(bytes = 16): string {
  const buffer = new Uint8Array(bytes);
  crypto.getRandomValues(buffer);
  return Buffer.from(buffer).toString('base64url');
}
