import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SUBSONIC_XSD = join(import.meta.dir, 'fixtures', 'subsonic-rest-api-1.16.1.xsd');

/**
 * The OpenSubsonic additions Hearth answers with, per type of the 1.16.1 schema: attributes (any
 * answer may carry them) and elements (appended to the type's sequence). Only what the
 * OpenSubsonic specification adds; anything else in an answer fails validation.
 */
const ADDITIONS: Record<string, { attributes?: string[]; elements?: string[] }> = {
  Response: {
    attributes: [
      '<xs:attribute name="type" type="xs:string" use="optional"/>',
      '<xs:attribute name="serverVersion" type="xs:string" use="optional"/>',
      '<xs:attribute name="openSubsonic" type="xs:boolean" use="optional"/>',
    ],
  },
  Child: {
    attributes: [
      '<xs:attribute name="played" type="xs:dateTime" use="optional"/>',
      '<xs:attribute name="bpm" type="xs:int" use="optional"/>',
      '<xs:attribute name="comment" type="xs:string" use="optional"/>',
      '<xs:attribute name="sortName" type="xs:string" use="optional"/>',
      '<xs:attribute name="mediaType" type="xs:string" use="optional"/>',
      '<xs:attribute name="musicBrainzId" type="xs:string" use="optional"/>',
      '<xs:attribute name="displayArtist" type="xs:string" use="optional"/>',
      '<xs:attribute name="displayAlbumArtist" type="xs:string" use="optional"/>',
      '<xs:attribute name="displayComposer" type="xs:string" use="optional"/>',
      '<xs:attribute name="explicitStatus" type="xs:string" use="optional"/>',
    ],
    elements: [
      '<xs:element name="isrc" type="xs:string" minOccurs="0" maxOccurs="unbounded"/>',
      '<xs:element name="genres" type="sub:ItemGenre" minOccurs="0" maxOccurs="unbounded"/>',
      '<xs:element name="artists" type="sub:ArtistID3" minOccurs="0" maxOccurs="unbounded"/>',
      '<xs:element name="albumArtists" type="sub:ArtistID3" minOccurs="0" maxOccurs="unbounded"/>',
      '<xs:element name="moods" type="xs:string" minOccurs="0" maxOccurs="unbounded"/>',
    ],
  },
  AlbumID3: {
    attributes: [
      '<xs:attribute name="played" type="xs:dateTime" use="optional"/>',
      '<xs:attribute name="userRating" type="sub:UserRating" use="optional"/>',
      '<xs:attribute name="musicBrainzId" type="xs:string" use="optional"/>',
      '<xs:attribute name="displayArtist" type="xs:string" use="optional"/>',
      '<xs:attribute name="sortName" type="xs:string" use="optional"/>',
      '<xs:attribute name="isCompilation" type="xs:boolean" use="optional"/>',
      '<xs:attribute name="explicitStatus" type="xs:string" use="optional"/>',
    ],
    elements: [
      '<xs:element name="genres" type="sub:ItemGenre" minOccurs="0" maxOccurs="unbounded"/>',
      '<xs:element name="artists" type="sub:ArtistID3" minOccurs="0" maxOccurs="unbounded"/>',
      '<xs:element name="releaseTypes" type="xs:string" minOccurs="0" maxOccurs="unbounded"/>',
      '<xs:element name="moods" type="xs:string" minOccurs="0" maxOccurs="unbounded"/>',
    ],
  },
  ArtistID3: {
    attributes: [
      '<xs:attribute name="musicBrainzId" type="xs:string" use="optional"/>',
      '<xs:attribute name="sortName" type="xs:string" use="optional"/>',
    ],
    elements: ['<xs:element name="roles" type="xs:string" minOccurs="0" maxOccurs="unbounded"/>'],
  },
  Playlist: {
    attributes: ['<xs:attribute name="readonly" type="xs:boolean" use="optional"/>', '<xs:attribute name="validUntil" type="xs:dateTime" use="optional"/>'],
  },
};

/** New types and the answers OpenSubsonic adds to the Response's choice. */
const NEW_TYPES = `
<xs:complexType name="ItemGenre"><xs:attribute name="name" type="xs:string" use="required"/></xs:complexType>
<xs:complexType name="OpenSubsonicExtension"><xs:sequence>
<xs:element name="versions" type="xs:int" minOccurs="1" maxOccurs="unbounded"/>
</xs:sequence><xs:attribute name="name" type="xs:string" use="required"/></xs:complexType>
`;
const NEW_ANSWERS = ['<xs:element name="openSubsonicExtensions" type="sub:OpenSubsonicExtension" minOccurs="1" maxOccurs="unbounded"/>'];

/** The body of `<xs:complexType name="…">`, found by its name. */
function typeAt(xsd: string, name: string): { start: number; end: number } {
  const start = xsd.indexOf(`<xs:complexType name="${name}"`);
  if (start < 0) throw new Error(`No type ${name} in the Subsonic schema`);
  return { start, end: xsd.indexOf('</xs:complexType>', start) };
}

/** The 1.16.1 schema with the OpenSubsonic additions, as text. */
export function openSubsonicSchema(): string {
  let xsd = readFileSync(SUBSONIC_XSD, 'utf8');
  for (const [name, { attributes = [], elements = [] }] of Object.entries(ADDITIONS)) {
    const { start, end } = typeAt(xsd, name);
    let body = xsd.slice(start, end);
    if (elements.length > 0) {
      // A type without a sequence gets one before its attributes; one with a sequence grows at its end.
      body = body.includes('</xs:sequence>')
        ? body.replace('</xs:sequence>', `${elements.join('\n')}\n</xs:sequence>`)
        : body.replace('>', `>\n<xs:sequence>\n${elements.join('\n')}\n</xs:sequence>`);
    }
    xsd = xsd.slice(0, start) + body + attributes.join('\n') + '\n' + xsd.slice(end);
  }
  // The openSubsonicExtensions answer repeats at the top level: a sequence beside the choice's elements.
  xsd = xsd.replace('<xs:element name="error" type="sub:Error" minOccurs="1" maxOccurs="1"/>', `$&\n${NEW_ANSWERS.join('\n')}`);
  return xsd.replace('</xs:schema>', `${NEW_TYPES}</xs:schema>`);
}

/** Validates XML documents with xmllint against the OpenSubsonic schema; errors as xmllint words them. */
export async function validateSubsonicXml(documents: Record<string, string>): Promise<Record<string, string>> {
  if (!Bun.which('xmllint')) throw new Error('xmllint is missing: apt-get install -y libxml2-utils (.ci/run does)');
  const dir = mkdtempSync(join(tmpdir(), 'hearth-xsd-'));
  try {
    const schema = join(dir, 'schema.xsd');
    writeFileSync(schema, openSubsonicSchema());
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
    return failures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
