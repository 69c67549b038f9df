import { expect, test } from 'bun:test';
import { DuplicateUploadError, readUploadResponse } from './upload-transport.ts';

const failure = (status: number, body: string) => {
  try {
    readUploadResponse(status, body);
  } catch (error) {
    return (error as Error).message;
  }
  return 'no error';
};

test("the product's upload texts, each for its cause", () => {
  expect(failure(415, '{"error":"\\"x.mp3\\" is not a supported audio format"}')).toBe('"x.mp3" is not a supported audio format');
  expect(failure(500, '{"message":"boom"}')).toBe('Upload failed');
  expect(failure(502, '')).toBe('Upload failed (502)');
  expect(failure(500, '<html>Bad Gateway</html>')).toBe('Invalid server response');
  expect(failure(200, '<html>proxy login</html>')).toBe('Invalid server response');
  expect(failure(200, '{"ok":true}')).toBe('Invalid server response');
  const song = { id: 3, title: 'T', duration: 2, audioUrl: '/media/a.mp3', artworkUrl: null };
  expect(readUploadResponse(200, JSON.stringify(song))).toEqual(song);
});

test('409 with a song: a DuplicateUploadError naming it; 409 without one is a plain failure', () => {
  let caught: unknown;
  try {
    readUploadResponse(409, JSON.stringify({ error: 'Already in your library', songId: 7, title: 'Rain', inTrash: false }));
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(DuplicateUploadError);
  expect((caught as DuplicateUploadError).message).toBe('Already in your library');
  expect((caught as DuplicateUploadError).song).toEqual({ songId: 7, title: 'Rain', inTrash: false });
  expect(failure(409, '{"error":"Something else"}')).toBe('Something else');
});
