import { expect, test } from 'bun:test';
import { XMLParser } from 'fast-xml-parser';
import { TextElement, escapeXml, toXmlDocument } from './xml.ts';

test('the five specials are escaped; characters XML cannot carry are dropped; emoji survive', () => {
  expect(escapeXml(`<a href="x">Tom & Jerry's</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;');
  expect(escapeXml('bell\u0007 nul\u0000 tab\t ok')).toBe('bell nul tab\t ok');
  expect(escapeXml('lone \ud800 surrogate')).toBe('lone  surrogate');
  expect(escapeXml('🎵 ok')).toBe('🎵 ok');
});

test('scalars are attributes, objects elements, arrays repeat; arrays of scalars hold text; nulls vanish', () => {
  const text = toXmlDocument(
    'subsonic-response',
    { status: 'ok', missing: null, artists: { index: [{ name: 'A', artist: [{ id: 'ar-1', name: 'Ann', starred: undefined }] }, { name: 'B', artist: [] }] }, ext: [{ name: 'x', versions: [1, 2] }] },
    'http://subsonic.org/restapi',
  );
  expect(text).toBe(
    '<?xml version="1.0" encoding="UTF-8"?><subsonic-response xmlns="http://subsonic.org/restapi" status="ok"><artists><index name="A"><artist id="ar-1" name="Ann"/></index><index name="B"></index></artists><ext name="x"><versions>1</versions><versions>2</versions></ext></subsonic-response>',
  );
  const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(text);
  expect(parsed['subsonic-response'].ext.versions).toEqual([1, 2]);
});

test('a scalar named value is the element text, as the JSON form names it', () => {
  const text = toXmlDocument('r', { genres: { genre: [{ songCount: 2, value: 'Rock & Roll' }] } }, 'ns');
  expect(text).toContain('<genre songCount="2">Rock &amp; Roll</genre>');
});

test('a TextElement is a child element with text in XML and a plain string in JSON', () => {
  const value = { artistInfo: { biography: new TextElement('3 songs & more'), similarArtist: [{ id: 'ar-1', name: 'Ann' }] } };
  expect(toXmlDocument('r', value, 'ns')).toContain('<artistInfo><biography>3 songs &amp; more</biography><similarArtist id="ar-1" name="Ann"/></artistInfo>');
  expect(JSON.parse(JSON.stringify(value)).artistInfo.biography).toBe('3 songs & more');
});
