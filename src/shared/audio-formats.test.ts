import { expect, test } from 'bun:test';
import { ADMIN_UPLOAD_EXTENSIONS, AUDIO_CONTENT_TYPES, AUDIO_FORMATS, IMPORT_EXTENSIONS, SHARE_PAGE_EXTENSIONS } from './audio-formats.ts';

test('each place that takes audio takes the kinds it always did', () => {
  expect([...AUDIO_FORMATS].sort()).toEqual(['aac', 'flac', 'm4a', 'mp3', 'ogg', 'opus', 'wav']);
  expect([...ADMIN_UPLOAD_EXTENSIONS].sort()).toEqual(['aac', 'flac', 'm4a', 'mp3', 'ogg', 'opus', 'wav']);
  // Opus is no choice on the share page (the server still takes it when sent).
  expect([...SHARE_PAGE_EXTENSIONS].sort()).toEqual(['aac', 'flac', 'm4a', 'mp3', 'ogg', 'wav']);
  expect([...IMPORT_EXTENSIONS].sort()).toEqual(['aac', 'flac', 'm4a', 'mp3', 'oga', 'ogg', 'opus', 'wav']);
});

test('files are served with these content types', () => {
  expect(AUDIO_CONTENT_TYPES).toEqual({
    mp3: 'audio/mpeg',
    wav: 'audio/wav',
    m4a: 'audio/mp4',
    flac: 'audio/flac',
    aac: 'audio/aac',
    ogg: 'audio/ogg',
    opus: 'audio/ogg; codecs=opus',
  });
});
