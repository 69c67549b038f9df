import { expect, test } from 'bun:test';
import type { SongStatus } from '../../../src/shared/enums.ts';
import type { Notice } from './upload-rules.ts';
import { canClear, createUploadQueue } from './upload-queue.ts';
import { DuplicateUploadError, UPLOAD_CANCELLED, UploadError, type UploadedSong } from './upload-transport.ts';

interface Sent {
  name: string;
  status: SongStatus;
  copy: boolean;
  /** The song whose audio this file replaces ('Already Uploaded' → Replace of a saved upload). */
  replaces: number | null;
  progress: (fraction: number) => void;
  signal: AbortSignal;
  resolve: (song: UploadedSong) => void;
  reject: (error: Error) => void;
}

/** The queue on a recording network edge: each send waits until the test answers it. */
function harness() {
  const sent: Sent[] = [];
  const notices: Notice[] = [];
  const updates: { songId: number; changes: object }[] = [];
  const highlighted: number[] = [];
  let saves = 0;
  let nextSong = 100;
  const store = createUploadQueue({
    send: (file, status, progress, signal, copy) =>
      new Promise((resolve, reject) => {
        signal.addEventListener('abort', () => reject(new UploadError(UPLOAD_CANCELLED, true)));
        sent.push({ name: file.name, status, copy, replaces: null, progress, signal, resolve, reject });
      }),
    replace: (songId, file, progress, signal) =>
      new Promise((resolve, reject) => {
        signal.addEventListener('abort', () => reject(new UploadError(UPLOAD_CANCELLED, true)));
        sent.push({ name: file.name, status: 'pending', copy: false, replaces: songId, progress, signal, resolve, reject });
      }),
    update: async (songId, changes) => void updates.push({ songId, changes }),
    saved: () => void (saves += 1),
    highlight: (songId) => void highlighted.push(songId),
    notify: (notice) => void notices.push(notice),
  });
  const finish = async (index: number, title = 'Tag Title') => {
    sent[index]!.resolve({ id: ++nextSong, title, duration: 3, audioUrl: `/media/${nextSong}.mp3`, artworkUrl: null });
    await settle();
  };
  const statuses = () => store.getState().items.map((item) => `${item.file.name}:${item.status}`);
  return { store, sent, notices, updates, highlighted, saves: () => saves, finish, statuses };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const audio = (name: string, size = 1000) => new File([new Uint8Array(size)], name, { type: 'audio/mpeg' });

test('one upload at a time, in the order queued, then one Success! for the batch', async () => {
  const q = harness();
  q.store.getState().add([audio('one.mp3'), audio('two.flac'), audio('three.mp3')]);
  expect(q.sent.map((s) => s.name)).toEqual(['one.mp3']);
  expect(q.statuses()).toEqual(['one.mp3:uploading', 'two.flac:queued', 'three.mp3:queued']);
  q.sent[0]!.progress(0.25);
  expect(q.store.getState().items[0]!.progress).toBe(25);
  await q.finish(0);
  expect(q.sent.map((s) => s.name)).toEqual(['one.mp3', 'two.flac']);
  expect(q.saves()).toBe(1);
  q.store.getState().add([audio('four.mp3')]); // joins the running batch, at the end
  await q.finish(1);
  await q.finish(2);
  expect(q.notices).toEqual([]);
  await q.finish(3);
  expect(q.sent.map((s) => s.name)).toEqual(['one.mp3', 'two.flac', 'three.mp3', 'four.mp3']);
  expect(q.statuses()).toEqual(['one.mp3:uploaded', 'two.flac:uploaded', 'three.mp3:uploaded', 'four.mp3:uploaded']);
  expect(q.store.getState().items[0]).toMatchObject({ progress: 100, title: 'Tag Title', songId: 101, duration: 3 });
  expect(q.notices).toEqual([{ title: 'Success!', description: '4 songs uploaded and saved' }]);
  expect(q.sent.every((s) => s.status === 'pending')).toBe(true);
});

test("the server's notes stay on the saved item; a published one with a note stays listed, the others leave", async () => {
  const q = harness();
  q.store.getState().setPublish(true);
  q.store.getState().add([audio('absurd.flac'), audio('fine.mp3')]);
  const note = 'ReplayGain tag ignored (track gain +300 dB): out of range; the loudness is measured instead';
  q.sent[0]!.resolve({ id: 7, title: 'Absurd', duration: 2, audioUrl: '/media/7.flac', artworkUrl: null, notes: [note] });
  await settle();
  await q.finish(1);
  expect(q.statuses()).toEqual(['absurd.flac:uploaded']);
  expect(q.store.getState().items[0]).toMatchObject({ songId: 7, notes: [note] });
  expect(q.highlighted).toEqual([101]);
  expect(q.notices).toEqual([{ title: 'Success!', description: '2 songs uploaded and saved' }]);
});

test('cancel aborts the uploading item without a toast; cancel removes a queued one', async () => {
  const q = harness();
  q.store.getState().add([audio('a.mp3'), audio('b.mp3'), audio('c.mp3')]);
  const [a, , c] = q.store.getState().items;
  q.store.getState().cancel(c!.id);
  q.store.getState().cancel(a!.id);
  expect(q.sent[0]!.signal.aborted).toBe(true);
  await settle();
  expect(q.statuses()).toEqual(['a.mp3:error', 'b.mp3:uploading']);
  expect(q.store.getState().items[0]!.error).toBe('Upload cancelled');
  expect(q.notices).toEqual([]);
  await q.finish(1);
  expect(q.sent.map((s) => s.name)).toEqual(['a.mp3', 'b.mp3']);
  expect(q.notices).toEqual([{ title: 'Success!', description: '1 song uploaded and saved' }]);
  q.store.getState().remove(a!.id);
  expect(q.statuses()).toEqual(['b.mp3:uploaded']);
});

test('a failure shows Upload Failed with its text, the item keeps it, the next one goes on', async () => {
  const q = harness();
  q.store.getState().add([audio('bad.mp3'), audio('good.mp3')]);
  q.sent[0]!.reject(new UploadError('"bad.mp3" is not a supported audio format'));
  await settle();
  expect(q.notices).toEqual([{ title: 'Upload Failed', description: '"bad.mp3" is not a supported audio format', variant: 'destructive' }]);
  expect(q.store.getState().items[0]).toMatchObject({ status: 'error', error: '"bad.mp3" is not a supported audio format' });
  await q.finish(1);
  // Not 'Success!' (it would hide the failure): the batch ends on what was saved and what was not.
  expect(q.notices).toHaveLength(2);
  expect(q.notices[1]).toEqual({ title: 'Upload Finished', description: '1 song saved, 1 file rejected' });
  expect(q.store.getState().summary).toBe('1 song saved, 1 file rejected');
  expect(q.statuses()).toEqual(['bad.mp3:error', 'good.mp3:uploaded']);
});

test("a name already in the list asks first: Replace swaps the entry, Cancel keeps the old one", async () => {
  const q = harness();
  q.store.getState().add([audio('song.mp3'), audio('other.mp3')]);
  await q.finish(0);
  const newer = audio('song.mp3', 2000);
  q.store.getState().add([newer, audio('fresh.mp3')]);
  expect(q.store.getState().conflicts).toEqual([newer]);
  expect(q.statuses()).toEqual(['song.mp3:uploaded', 'other.mp3:uploading', 'fresh.mp3:queued']);
  q.store.getState().replaceConflict();
  expect(q.store.getState().conflicts).toEqual([]);
  expect(q.statuses()).toEqual(['other.mp3:uploading', 'fresh.mp3:queued', 'song.mp3:queued']);
  expect(q.store.getState().items[2]!.file).toBe(newer);
  await q.finish(1);
  await q.finish(2);
  expect(q.sent.map((s) => s.name)).toEqual(['song.mp3', 'other.mp3', 'fresh.mp3', 'song.mp3']);
  // The saved song (101) gets the new file as its audio: Replace never adds a second song.
  expect(q.sent.map((s) => s.replaces)).toEqual([null, null, null, 101]);

  q.store.getState().add([audio('fresh.mp3')]);
  q.store.getState().skipConflict();
  expect(q.store.getState().conflicts).toEqual([]);
  expect(q.store.getState().items.filter((i) => i.file.name === 'fresh.mp3')).toHaveLength(1);
});

test('Replace of the uploading entry aborts it and uploads the new file next', async () => {
  const q = harness();
  q.store.getState().add([audio('song.mp3')]);
  q.store.getState().add([audio('song.mp3', 5)]);
  q.store.getState().replaceConflict();
  expect(q.sent[0]!.signal.aborted).toBe(true);
  await settle();
  expect(q.sent).toHaveLength(2);
  expect(q.statuses()).toEqual(['song.mp3:uploading']);
  expect(q.notices).toEqual([]);
});

test('Clear is enabled only with nothing uploading or queued and one uploaded', async () => {
  const q = harness();
  expect(canClear(q.store.getState().items)).toBe(false);
  q.store.getState().add([audio('a.mp3'), audio('b.mp3')]);
  expect(canClear(q.store.getState().items)).toBe(false);
  await q.finish(0);
  expect(canClear(q.store.getState().items)).toBe(false); // b is uploading
  q.store.getState().clearUploaded();
  expect(q.store.getState().items).toHaveLength(2);
  q.sent[1]!.reject(new UploadError('Upload failed (500)'));
  await settle();
  expect(canClear(q.store.getState().items)).toBe(true);
  q.store.getState().clearUploaded();
  expect(q.statuses()).toEqual(['b.mp3:error']);
  expect(canClear(q.store.getState().items)).toBe(false);
});

test('published uploads leave the list and are highlighted; the status is read when each starts', async () => {
  const q = harness();
  q.store.getState().setPublish(true);
  q.store.getState().add([audio('a.mp3'), audio('b.mp3')]);
  q.store.getState().setPublish(false);
  await q.finish(0);
  await q.finish(1);
  expect(q.sent.map((s) => s.status)).toEqual(['published', 'pending']);
  expect(q.highlighted).toEqual([101]);
  expect(q.statuses()).toEqual(['b.mp3:uploaded']);
  expect(q.notices.at(-1)).toEqual({ title: 'Success!', description: '2 songs uploaded and saved' });
});

test('details: a changed title or an artist is sent after the upload; untouched ones are not', async () => {
  const q = harness();
  q.store.getState().add([audio('Walk.mp3'), audio('Run.mp3'), audio('Sit.mp3'), audio('.mp3')]);
  const [walk, run, sit, bare] = q.store.getState().items;
  expect([walk!.title, bare!.title]).toEqual(['Walk', '']);
  q.store.getState().edit(walk!.id, { title: ' Morning Walk ', artist: 'Gran' });
  q.store.getState().edit(run!.id, { title: '   ' }); // empty: the file name's title, so unchanged
  q.store.getState().edit(sit!.id, { artist: '  ' });
  q.store.getState().edit(bare!.id, { artist: 'Dad' });
  for (const i of [0, 1, 2, 3]) await q.finish(i);
  expect(q.updates).toEqual([
    { songId: 101, changes: { title: 'Morning Walk', artist: 'Gran' } },
    { songId: 104, changes: { artist: 'Dad' } },
  ]);
  expect(q.store.getState().items[0]!.title).toBe('Morning Walk');
  expect(q.saves()).toBe(4);
});

test('rejected files: too large, not audio, twice in one batch', () => {
  const q = harness();
  const big = audio('huge.flac');
  Object.defineProperty(big, 'size', { value: 100 * 1024 * 1024 + 1 });
  const limit = audio('limit.flac');
  Object.defineProperty(limit, 'size', { value: 100 * 1024 * 1024 });
  q.store.getState().add([big, audio('notes.txt'), audio('a.mp3'), audio('a.mp3'), limit, audio('LOUD.OPUS')]);
  expect(q.notices).toEqual([
    { title: 'File Too Large', description: '"huge.flac" exceeds the 100MB size limit', variant: 'destructive' },
    { title: 'Invalid File Type', description: '"notes.txt" is not a supported audio format', variant: 'destructive' },
    { title: 'Duplicate in batch', description: 'Skipping duplicate file "a.mp3" from this upload batch' },
  ]);
  expect(q.statuses()).toEqual(['a.mp3:uploading', 'limit.flac:queued', 'LOUD.OPUS:queued']);
  expect(q.store.getState().conflicts).toEqual([]);
});

const duplicateOf = (songId: number, title: string, inTrash = false) => new DuplicateUploadError({ songId, title, inTrash });

test('audio already in the library: the item says so and names the song; Skip drops it, Add a Copy sends it with copy', async () => {
  const q = harness();
  q.store.getState().add([audio('again.mp3'), audio('twice.mp3'), audio('new.mp3')]);
  q.sent[0]!.reject(duplicateOf(7, 'Rain Song'));
  await settle();
  expect(q.store.getState().items[0]).toMatchObject({ status: 'duplicate', error: 'Already in your library', duplicate: { songId: 7, title: 'Rain Song', inTrash: false } });
  expect(q.notices).toEqual([{ title: 'Already in your library', description: '"again.mp3" is already in your library as "Rain Song"' }]);
  q.sent[1]!.reject(duplicateOf(8, 'Old One', true));
  await settle();
  await q.finish(2);
  expect(q.statuses()).toEqual(['again.mp3:duplicate', 'twice.mp3:duplicate', 'new.mp3:uploaded']);
  expect(q.notices.at(-1)).toEqual({ title: 'Upload Finished', description: '1 song saved, 2 files rejected' });
  expect(canClear(q.store.getState().items)).toBe(true); // a duplicate waiting for an answer blocks nothing

  const [again, twice] = q.store.getState().items;
  q.store.getState().skipDuplicate(again!.id);
  expect(q.statuses()).toEqual(['twice.mp3:duplicate', 'new.mp3:uploaded']);
  q.store.getState().addCopy(twice!.id);
  expect(q.sent.map((s) => [s.name, s.copy])).toEqual([['again.mp3', false], ['twice.mp3', false], ['new.mp3', false], ['twice.mp3', true]]);
  await q.finish(3);
  expect(q.statuses()).toEqual(['twice.mp3:uploaded', 'new.mp3:uploaded']);
  expect(q.notices.at(-1)).toEqual({ title: 'Success!', description: '1 song uploaded and saved' });
});

test('refused files stay in the list with their reasons; six saved and one bad file end on the summary, not just Upload Failed', async () => {
  const q = harness();
  const big = audio('huge.flac');
  Object.defineProperty(big, 'size', { value: 100 * 1024 * 1024 + 1 });
  q.store.getState().add([big, audio('cover.png'), audio('a.mp3'), audio('a.mp3')]);
  expect(q.store.getState().refused.map((row) => [row.name, row.reason])).toEqual([
    ['huge.flac', '"huge.flac" exceeds the 100MB size limit'],
    ['cover.png', '"cover.png" is not a supported audio format'],
    ['a.mp3', 'Skipping duplicate file "a.mp3" from this upload batch'],
  ]);
  q.sent[0]!.reject(duplicateOf(3, 'A'));
  await settle();
  expect(q.notices.map((n) => n.title)).toEqual(['File Too Large', 'Invalid File Type', 'Duplicate in batch', 'Already in your library', 'Upload Finished']);
  expect(q.notices.at(-1)!.description).toBe('0 songs saved, 4 files rejected');
  q.store.getState().dismissRefused(q.store.getState().refused[0]!.id);
  expect(q.store.getState().refused.map((row) => row.name)).toEqual(['cover.png', 'a.mp3']);

  q.store.getState().add(['1.mp3', '2.mp3', '3.mp3', 'bad.mp3', '4.mp3', '5.mp3', '6.mp3'].map((name) => audio(name)));
  for (let i = 1; i <= 7; i++) {
    if (i === 4) {
      q.sent[i]!.reject(new UploadError('"bad.mp3" is not a supported audio format'));
      await settle();
    } else await q.finish(i);
  }
  expect(q.notices.slice(-2)).toEqual([
    { title: 'Upload Failed', description: '"bad.mp3" is not a supported audio format', variant: 'destructive' },
    { title: 'Upload Finished', description: '6 songs saved, 1 file rejected' },
  ]);
  expect(q.store.getState().summary).toBe('6 songs saved, 1 file rejected');
});

test('a lone refused file keeps its own toast; a clean batch clears the summary', async () => {
  const q = harness();
  q.store.getState().add([audio('notes.txt'), audio('x.mp3')]);
  q.sent[0]!.reject(new UploadError('Upload failed (500)'));
  await settle();
  expect(q.store.getState().summary).toBe('0 songs saved, 2 files rejected');
  q.store.getState().add([audio('readme.txt')]);
  expect(q.notices.at(-1)).toEqual({ title: 'Invalid File Type', description: '"readme.txt" is not a supported audio format', variant: 'destructive' });
  q.store.getState().add([audio('y.mp3')]);
  await q.finish(1);
  expect(q.store.getState().summary).toBeNull();
});
