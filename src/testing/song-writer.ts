import { writeFileSync } from 'node:fs';
import { encodeWav } from '../../media/wav.ts';
import { openDataDir } from '../data-dir.ts';
import { localStorage } from '../../media/storage.ts';
import { uploadSong } from '../services/media/audio.ts';

// A second writer for backup tests: `bun src/testing/song-writer.ts` adds songs to DATA_DIR
// through the upload service (a new audio file, then its row) one after another, printing
// "wrote N" after each, until SIGTERM or LIMIT songs (a bound, so it always stops).
const dataDir = process.env.DATA_DIR!;
const limit = Number(process.env.LIMIT ?? 5000);
const { handle, paths } = openDataDir(dataDir);
const storage = localStorage(paths.mediaDir);
let stopping = false;
process.on('SIGTERM', () => {
  stopping = true;
});

for (let i = 1; i <= limit && !stopping; i++) {
  // Different samples, different bytes, a different content hash for every song.
  const samples = Float32Array.from({ length: 400 }, (_, n) => Math.sin((n * (i + 1)) / 7) * 0.5);
  const bytes = encodeWav(samples, 8000);
  const tempPath = storage.tempPath();
  writeFileSync(tempPath, bytes);
  const hash = new Bun.CryptoHasher('sha256').update(bytes).digest('hex');
  await uploadSong(handle.db, storage, { tempPath, hash, size: bytes.length, filename: `writer-${i}.wav` }, { status: 'published', userId: null });
  console.log(`wrote ${i}`);
}
handle.close();
