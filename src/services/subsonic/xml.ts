/**
 * Subsonic responses as XML. The API's JSON and XML forms are one tree: scalars are attributes,
 * objects are child elements, arrays repeat their element, and an array of scalars repeats an
 * element holding text (OpenSubsonic's `versions`). A small escaping serializer for exactly that
 * (decided over xmlbuilder2 and fast-xml-parser's builder: docs/decisions/059-subsonic-answers.md).
 */
export type XmlValue = string | number | boolean | null | undefined | XmlObject | XmlValue[] | TextElement;
export interface XmlObject {
  [key: string]: XmlValue;
}

// Characters XML 1.0 cannot carry at all (C0 controls but tab/newline/return, lone surrogates,
// U+FFFE/U+FFFF) are dropped; the five specials are escaped.
const INVALID = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const SPECIAL = /[&<>"']/g;
const ENTITY: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function escapeXml(text: string): string {
  return text.replace(INVALID, '').replace(SPECIAL, (char) => ENTITY[char]!);
}

function isScalar(value: XmlValue): value is string | number | boolean {
  const type = typeof value;
  return type === 'string' || type === 'number' || type === 'boolean';
}

/**
 * A string the XML form carries as a child element's text (`<biography>…</biography>`, as the
 * schema wants for artist and album info) while JSON keeps it a plain string.
 */
export class TextElement {
  constructor(readonly text: string) {}
  toJSON(): string {
    return this.text;
  }
}

/** A scalar under this key is the element's text, as JSON names it (`<genre songCount="2">Rock</genre>`). */
const TEXT_KEY = 'value';

function element(name: string, value: XmlObject, out: string[]): void {
  out.push('<', name);
  const children: [string, XmlValue][] = [];
  let text: string | undefined;
  for (const key in value) {
    const child = value[key];
    if (child === null || child === undefined) continue;
    if (key === TEXT_KEY && isScalar(child)) text = escapeXml(String(child));
    else if (isScalar(child)) out.push(' ', key, '="', escapeXml(String(child)), '"');
    else children.push([key, child]);
  }
  if (children.length === 0 && text === undefined) {
    out.push('/>');
    return;
  }
  out.push('>');
  if (text !== undefined) out.push(text);
  for (const [key, child] of children) write(key, child, out);
  out.push('</', name, '>');
}

function write(name: string, value: XmlValue, out: string[]): void {
  if (value === null || value === undefined) return;
  if (value instanceof TextElement) {
    out.push('<', name, '>', escapeXml(value.text), '</', name, '>');
  } else if (Array.isArray(value)) {
    for (const item of value) write(name, item, out);
  } else if (isScalar(value)) {
    out.push('<', name, '>', escapeXml(String(value)), '</', name, '>');
  } else {
    element(name, value, out);
  }
}

/** The whole document: `<?xml …?>` and the root element with its namespace. */
export function toXmlDocument(root: string, value: XmlObject, namespace: string): string {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  element(root, { xmlns: namespace, ...value }, out);
  return out.join('');
}
