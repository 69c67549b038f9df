import { expect, test } from 'bun:test';
import { attachment } from './content-disposition.ts';

test('an ASCII name is quoted as it is', () => {
  expect(attachment('01 Morning Light.flac')).toBe('attachment; filename="01 Morning Light.flac"');
  // A double quote cannot be in the quoted form: its UTF-8 form keeps it.
  expect(attachment('say "hi".mp3')).toBe(`attachment; filename="say 'hi'.mp3"; filename*=UTF-8''say%20%22hi%22.mp3`);
});

test('any other name gets an ASCII fallback and its UTF-8 form (RFC 5987)', () => {
  expect(attachment('Café (live)*.ogg')).toBe(`attachment; filename="Caf_ (live)*.ogg"; filename*=UTF-8''Caf%C3%A9%20%28live%29%2A.ogg`);
  expect(decodeURIComponent(attachment('Ünïcødé 曲.mp3').split("UTF-8''")[1]!)).toBe('Ünïcødé 曲.mp3');
});

test('no folders, line breaks or empty names', () => {
  expect(attachment('../x\r\n.mp3')).toBe('attachment; filename=".._x__.mp3"');
  expect(attachment('  ')).toBe('attachment; filename="download"');
});
