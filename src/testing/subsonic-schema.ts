import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ANSWERS, type Attributes, SHAPES, SIMPLE_TYPES, type Shape } from './subsonic-answer-shapes.ts';

const NS = 'http://subsonic.org/restapi';

/** `Child*` → the type's qualified name and its occurrence bounds. */
function occurrence(spec: string): { type: string; min: number; max: number | 'unbounded' } {
  const match = /^(.*?)([?*+]?)$/.exec(spec)!;
  const name = match[1]!;
  const type = name.startsWith('xs:') ? name : `api:${name}`;
  const [min, max] = ({ '?': [0, 1], '*': [0, 'unbounded'], '+': [1, 'unbounded'], '': [1, 1] } as const)[match[2] as '' | '?' | '*' | '+'];
  return { type, min, max };
}

const elementOf = (name: string, spec: string, once = false) => {
  const { type, min, max } = occurrence(spec);
  return once ? `<xs:element name="${name}" type="${type}"/>` : `<xs:element name="${name}" type="${type}" minOccurs="${min}" maxOccurs="${max}"/>`;
};

/**
 * Elements in any order, the repeated ones any number of times and each optional single one at
 * most once: the repeated ones loop, then one single opens the same again without it.
 */
function anyOrder(repeated: [string, string][], singles: [string, string][]): string {
  const loop = repeated.length > 0 ? `<xs:choice minOccurs="0" maxOccurs="unbounded">${repeated.map(([name, spec]) => elementOf(name, spec, true)).join('')}</xs:choice>` : '';
  if (singles.length === 0) return `<xs:sequence>${loop}</xs:sequence>`;
  const branches = singles.map(([name, spec]) => `<xs:sequence>${elementOf(name, spec, true)}${anyOrder(repeated, singles.filter(([other]) => other !== name))}</xs:sequence>`);
  return `<xs:sequence>${loop}<xs:choice minOccurs="0">${branches.join('')}</xs:choice></xs:sequence>`;
}

function content(shape: Shape): string {
  const elements = Object.entries(shape.elements ?? {});
  if (shape.ordered || elements.some(([, spec]) => occurrence(spec).min > 0)) return `<xs:sequence>${elements.map(([name, spec]) => elementOf(name, spec)).join('')}</xs:sequence>`;
  const repeated = elements.filter(([, spec]) => occurrence(spec).max === 'unbounded');
  return anyOrder(repeated, elements.filter((entry) => !repeated.includes(entry)));
}

const attributesOf = (attributes: Attributes = {}) =>
  Object.entries(attributes)
    .map(([key, type]) => {
      const name = key.replace(/!$/, '');
      return `<xs:attribute name="${name}" type="${type.startsWith('xs:') ? type : `api:${type}`}" use="${key.endsWith('!') ? 'required' : 'optional'}"/>`;
    })
    .join('');

function complexType(name: string, shape: Shape): string {
  if (shape.text) return `<xs:complexType name="${name}"><xs:simpleContent><xs:extension base="xs:string">${attributesOf(shape.attributes)}</xs:extension></xs:simpleContent></xs:complexType>`;
  return `<xs:complexType name="${name}">${shape.elements ? content(shape) : ''}${attributesOf(shape.attributes)}</xs:complexType>`;
}

/** Hearth's schema of the Subsonic answers (./subsonic-answer-shapes.ts), as XML Schema text: at most one answer in the envelope. */
export function subsonicAnswersXsd(): string {
  const answers = Object.entries(ANSWERS).map(([name, spec]) => elementOf(name, spec)).join('\n');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:api="${NS}" targetNamespace="${NS}" elementFormDefault="qualified">`,
    '<xs:element name="subsonic-response" type="api:Envelope"/>',
    `<xs:complexType name="Envelope"><xs:choice minOccurs="0">\n${answers}\n</xs:choice>${attributesOf(SHAPES.Envelope!.attributes)}</xs:complexType>`,
    ...Object.entries(SHAPES)
      .filter(([name]) => name !== 'Envelope')
      .map(([name, shape]) => complexType(name, shape)),
    ...Object.entries(SIMPLE_TYPES).map(([name, restriction]) => `<xs:simpleType name="${name}">${restriction}</xs:simpleType>`),
    '</xs:schema>',
    '',
  ].join('\n');
}

/** What XML Schema 1.0 cannot say: a failed answer carries an error, and only a failed one does. */
function statusMismatch(document: string): string | undefined {
  const failed = /<subsonic-response\b[^>]*\bstatus="failed"/.test(document);
  const error = /<error[\s/>]/.test(document);
  if (failed === error) return undefined;
  return failed ? 'A failed answer without its error element.' : 'An error element in an answer that is not failed.';
}

/** Validates XML documents with xmllint against Hearth's schema of the answers; errors as xmllint words them. */
export async function validateSubsonicXml(documents: Record<string, string>): Promise<Record<string, string>> {
  if (!Bun.which('xmllint')) throw new Error('xmllint is missing: apt-get install -y libxml2-utils (.ci/run does)');
  const dir = mkdtempSync(join(tmpdir(), 'hearth-xsd-'));
  try {
    const schema = join(dir, 'schema.xsd');
    writeFileSync(schema, subsonicAnswersXsd());
    const names = Object.keys(documents);
    const files = names.map((name, i) => {
      const file = join(dir, `${i}.xml`);
      writeFileSync(file, documents[name]!);
      return file;
    });
    const proc = Bun.spawn(['xmllint', '--noout', '--schema', schema, ...files], { stdout: 'pipe', stderr: 'pipe' });
    const [errors] = await Promise.all([new Response(proc.stderr).text(), proc.exited]);
    const failures: Record<string, string> = {};
    for (const line of errors.split('\n')) {
      const match = /^(.*?\/(\d+)\.xml)(?::\d+)?:? (.*)$/.exec(line);
      if (!match || match[3] === 'validates') continue;
      const name = names[Number(match[2])]!;
      failures[name] = `${failures[name] ?? ''}${match[3]}\n`;
    }
    if (proc.exitCode !== 0 && Object.keys(failures).length === 0) throw new Error(`xmllint failed: ${errors}`);
    for (const name of names) {
      const mismatch = statusMismatch(documents[name]!);
      if (mismatch) failures[name] = `${failures[name] ?? ''}${mismatch}\n`;
    }
    return failures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
