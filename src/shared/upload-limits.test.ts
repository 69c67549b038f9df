import { expect, test } from 'bun:test';
import { MAX_AUDIO_BYTES } from '../../media/upload.ts';
import { MAX_AUDIO_UPLOAD_BYTES } from './upload-limits.ts';

test("the browser's upload limit is the server's", () => {
  expect(MAX_AUDIO_UPLOAD_BYTES).toBe(MAX_AUDIO_BYTES);
});
