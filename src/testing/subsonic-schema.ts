import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SUBSONIC_XSD = join(import.meta.dir, 'fixtures', 'subsonic-rest-api-1.16.1.xsd');

const attribute = (name: string, type: string) => `<xs:attribute name="${name}" type="${type}" use="optional"/>`;
const list = (name: string, type: string) => `<xs:element name="${name}" type="${type}" minOccurs="0" maxOccurs="unbounded"/>`;

/**
 * The OpenSubsonic additions to the types of the 1.16.1 schema: attributes, and elements (in any
 * order, since the JSON form they come from has none). Only what the OpenSubsonic specification
 * adds; anything else in an answer fails validation.
 */
const ADDITIONS: Record<string, { attributes?: string[]; elements?: string[] }> = {
  Response: { attributes: [attribute('type', 'xs:string'), attribute('serverVersion', 'xs:string'), attribute('openSubsonic', 'xs:boolean')] },
  Child: {
    attributes: [
      ...['comment', 'sortName', 'mediaType', 'musicBrainzId', 'displayArtist', 'displayAlbumArtist', 'displayComposer', 'explicitStatus'].map((name) => attribute(name, 'xs:string')),
      attribute('played', 'xs:dateTime'),
      attribute('bpm', 'xs:int'),
    ],
    elements: [
      list('isrc', 'xs:string'),
      list('genres', 'sub:ItemGenre'),
      list('artists', 'sub:ArtistID3'),
      list('albumArtists', 'sub:ArtistID3'),
      list('contributors', 'sub:Contributor'),
      list('moods', 'xs:string'),
      list('replayGain', 'sub:ReplayGain'),
    ],
  },
  AlbumID3: {
    attributes: [
      ...['musicBrainzId', 'displayArtist', 'sortName', 'explicitStatus'].map((name) => attribute(name, 'xs:string')),
      attribute('played', 'xs:dateTime'),
      attribute('userRating', 'sub:UserRating'),
      attribute('isCompilation', 'xs:boolean'),
    ],
    elements: [
      list('recordLabels', 'sub:RecordLabel'),
      list('genres', 'sub:ItemGenre'),
      list('artists', 'sub:ArtistID3'),
      list('releaseTypes', 'xs:string'),
      list('moods', 'xs:string'),
      list('originalReleaseDate', 'sub:ItemDate'),
      list('releaseDate', 'sub:ItemDate'),
      list('discTitles', 'sub:DiscTitle'),
    ],
  },
  ArtistID3: { attributes: [attribute('musicBrainzId', 'xs:string'), attribute('sortName', 'xs:string')], elements: [list('roles', 'xs:string')] },
  Playlist: { attributes: [attribute('readonly', 'xs:boolean'), attribute('validUntil', 'xs:dateTime')] },
  ScanStatus: { attributes: [attribute('lastScan', 'xs:dateTime'), attribute('folderCount', 'xs:long')] },
};

/** New types and the answers OpenSubsonic adds to the Response's choice. */
const NEW_TYPES = `
<xs:complexType name="ItemGenre"><xs:attribute name="name" type="xs:string" use="required"/></xs:complexType>
<xs:complexType name="RecordLabel"><xs:attribute name="name" type="xs:string" use="required"/></xs:complexType>
<xs:complexType name="ItemDate">${['year', 'month', 'day'].map((name) => attribute(name, 'xs:int')).join('')}</xs:complexType>
<xs:complexType name="DiscTitle"><xs:attribute name="disc" type="xs:int" use="required"/><xs:attribute name="title" type="xs:string" use="required"/></xs:complexType>
<xs:complexType name="ReplayGain">${['trackGain', 'albumGain', 'trackPeak', 'albumPeak', 'baseGain', 'fallbackGain'].map((name) => attribute(name, 'xs:float')).join('')}</xs:complexType>
<xs:complexType name="Contributor"><xs:sequence><xs:element name="artist" type="sub:ArtistID3"/></xs:sequence>
<xs:attribute name="role" type="xs:string" use="required"/>${attribute('subRole', 'xs:string')}</xs:complexType>
<xs:complexType name="OpenSubsonicExtension"><xs:sequence>
<xs:element name="versions" type="xs:int" minOccurs="1" maxOccurs="unbounded"/>
</xs:sequence><xs:attribute name="name" type="xs:string" use="required"/></xs:complexType>
<xs:complexType name="LyricsList"><xs:sequence>${list('structuredLyrics', 'sub:StructuredLyrics')}</xs:sequence></xs:complexType>
<xs:complexType name="StructuredLyrics"><xs:sequence>${list('line', 'sub:LyricLine')}</xs:sequence>
<xs:attribute name="lang" type="xs:string" use="required"/><xs:attribute name="synced" type="xs:boolean" use="required"/>
${attribute('displayArtist', 'xs:string')}${attribute('displayTitle', 'xs:string')}${attribute('offset', 'xs:long')}</xs:complexType>
<xs:complexType name="LyricLine"><xs:simpleContent><xs:extension base="xs:string">${attribute('start', 'xs:long')}</xs:extension></xs:simpleContent></xs:complexType>
<xs:complexType name="PlayQueueByIndex"><xs:sequence>${list('entry', 'sub:Child')}</xs:sequence>
${attribute('currentIndex', 'xs:int')}${attribute('position', 'xs:long')}<xs:attribute name="username" type="xs:string" use="required"/>
<xs:attribute name="changed" type="xs:dateTime" use="required"/><xs:attribute name="changedBy" type="xs:string" use="required"/></xs:complexType>
`;
const NEW_ANSWERS = [
  '<xs:element name="openSubsonicExtensions" type="sub:OpenSubsonicExtension" minOccurs="1" maxOccurs="unbounded"/>',
  '<xs:element name="lyricsList" type="sub:LyricsList" minOccurs="1" maxOccurs="1"/>',
  '<xs:element name="playQueueByIndex" type="sub:PlayQueueByIndex" minOccurs="1" maxOccurs="1"/>',
];

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
      if (body.includes('<xs:sequence>')) throw new Error(`${name} has a sequence: say where the additions go`);
      body = body.replace('>', `>\n<xs:choice minOccurs="0" maxOccurs="unbounded">\n${elements.join('\n')}\n</xs:choice>`);
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
