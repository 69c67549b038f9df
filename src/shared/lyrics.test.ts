import { describe, expect, test } from 'bun:test';
import { lyricsToText, parseLyrics, readLyrics } from './lyrics.ts';

describe('parseLyrics', () => {
  test('LRC: stamps of every precision, several per line, sorted; metadata tags dropped', () => {
    const text = '[ti:Song]\n[ar:Band]\n[00:12.5]Second\n[00:01.00][00:20.123]Chorus\n[1:02]Late\n[00:05]Plain stamp';
    expect(parseLyrics(text)).toEqual({
      synced: true,
      lang: null,
      lines: [
        { start: 1000, value: 'Chorus' },
        { start: 5000, value: 'Plain stamp' },
        { start: 12_500, value: 'Second' },
        { start: 20_123, value: 'Chorus' },
        { start: 62_000, value: 'Late' },
      ],
    });
  });

  test('[offset:+ms] moves every line earlier, a negative one later, never below zero', () => {
    expect(parseLyrics('[offset:+250]\n[00:01.00]A\n[00:00.10]B').lines).toEqual([
      { start: 0, value: 'B' },
      { start: 750, value: 'A' },
    ]);
    expect(parseLyrics('[offset:-500]\n[00:01.00]A').lines).toEqual([{ start: 1500, value: 'A' }]);
  });

  test('malformed lines in synced lyrics are skipped and counted; a bad offset is ignored', () => {
    const { lyrics, malformed } = readLyrics('[00:01.00]Good\n[xx:yy]Broken\nno time here\n[offset:soon]\n[00:02.00]Also good');
    expect(lyrics.lines.map((line) => line.value)).toEqual(['Good', 'Also good']);
    expect(lyrics.lines[0]!.start).toBe(1000);
    expect(malformed).toBe(2);
  });

  test('plain text is unsynced, verses kept, ends trimmed, CRLF read; [la:] sets the language', () => {
    expect(parseLyrics('\r\n[la:de]\r\nOne\r\n\r\nTwo\r\n\r\n')).toEqual({
      synced: false,
      lang: 'de',
      lines: [
        { start: null, value: 'One' },
        { start: null, value: '' },
        { start: null, value: 'Two' },
      ],
    });
  });

  test('text stays text: markup is kept verbatim for the client to show as text, controls removed', () => {
    expect(parseLyrics('<b>bold</b> \u202Eevil\u0007').lines).toEqual([{ start: null, value: '<b>bold</b> evil' }]);
  });

  test('lyricsToText gives back LRC that parses to the same lines', () => {
    const lyrics = parseLyrics('[00:01.23]One\n[01:02.50]Two');
    expect(lyricsToText(lyrics)).toBe('[00:01.23]One\n[01:02.50]Two');
    expect(parseLyrics(lyricsToText(lyrics))).toEqual(lyrics);
  });
});

test('broken stamps are dropped and counted, in plain text too', () => {
  expect(readLyrics('[ti:x]\n[00:xx]\n[1:x:3]')).toEqual({ lyrics: { synced: false, lang: null, lines: [] }, malformed: 2 });
});
