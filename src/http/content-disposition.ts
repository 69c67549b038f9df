/**
 * `Content-Disposition: attachment` naming a file (RFC 6266): a plain ASCII `filename` for old
 * clients, and `filename*` in UTF-8 (RFC 5987) when the name holds anything else.
 */
export function attachment(name: string): string {
  const clean = name.replace(/[\u0000-\u001f\u007f/\\]/g, '_').trim() || 'download';
  const ascii = clean.replace(/[^\u0020-\u007e]/g, '_').replaceAll('"', "'");
  if (ascii === clean) return `attachment; filename="${ascii}"`;
  // encodeURIComponent leaves ' ( ) * as they are; RFC 5987's attr-char does not allow them.
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
