import { createStore } from 'zustand/vanilla';
import type { SongPatch, SongStatus } from '../../../src/shared/types.ts';
import { type UploadedSong, UploadError } from './upload-transport.ts';
import { type Notice, finalTitle, screenBatch, titleFromFileName } from './upload-rules.ts';

export type UploadStatus = 'queued' | 'uploading' | 'uploaded' | 'error';

/** Upload queue item (client only). */
export interface UploadItem {
  id: number;
  file: File;
  /** What the admin sees and edits; prefilled from the file name. */
  title: string;
  artist: string;
  status: UploadStatus;
  /** 0–100, from the request body's bytes sent. */
  progress: number;
  error: string | null;
  songId: number | null;
  duration: number | null;
  audioUrl: string | null;
  artworkUrl: string | null;
}

/** The queue's edges, injected so its rules run in tests without a network or React. */
export interface UploadDeps {
  send(file: File, status: SongStatus, onProgress: (fraction: number) => void, signal: AbortSignal): Promise<UploadedSong>;
  /** PATCH /api/songs/{id}; rejects with the text to show. */
  update(songId: number, changes: Pick<SongPatch, 'title' | 'artist'>): Promise<void>;
  /** A song was written: refresh the reads that list songs. */
  saved(): void;
  highlight(songId: number): void;
  notify(notice: Notice): void;
}

export interface UploadQueueState {
  items: UploadItem[];
  publish: boolean;
  /** Files whose name is already in the queue, waiting for the 'Already Uploaded' answer. */
  conflicts: File[];
  setPublish(publish: boolean): void;
  add(files: readonly File[]): void;
  /** 'Already Uploaded' → Replace: the old entry goes, the new file is queued. */
  replaceConflict(): void;
  skipConflict(): void;
  /** Aborts the uploading item ('Upload cancelled') or removes a queued one. */
  cancel(id: number): void;
  /** Removes a finished item (error) from the list. */
  remove(id: number): void;
  edit(id: number, changes: Partial<Pick<UploadItem, 'title' | 'artist'>>): void;
  clearUploaded(): void;
}

/** Clear is enabled only when nothing is uploading or queued and one item is uploaded. */
export const canClear = (items: readonly UploadItem[]) =>
  items.some((item) => item.status === 'uploaded') && !items.some((item) => item.status === 'queued' || item.status === 'uploading');

export const uploadedCount = (items: readonly UploadItem[]) => items.filter((item) => item.status === 'uploaded').length;

export function createUploadQueue(deps: UploadDeps) {
  let nextId = 0;
  let running: { id: number; controller: AbortController } | null = null;
  let batchSaved = 0;
  let batchFailed = false;

  const store = createStore<UploadQueueState>()((set, get) => {
    const patch = (id: number, changes: Partial<UploadItem>) =>
      set((state) => ({ items: state.items.map((item) => (item.id === id ? { ...item, ...changes } : item)) }));
    const queue = (file: File) => {
      const title = titleFromFileName(file.name);
      const item: UploadItem = { id: ++nextId, file, title, artist: '', status: 'queued', progress: 0, error: null, songId: null, duration: null, audioUrl: null, artworkUrl: null };
      set((state) => ({ items: [...state.items, item] }));
    };
    const dropItem = (id: number) => {
      if (running?.id === id) running.controller.abort();
      set((state) => ({ items: state.items.filter((item) => item.id !== id) }));
    };

    /** One upload at a time, in the order queued; a batch ends when none is left. */
    const pump = () => {
      if (running) return;
      const next = get().items.find((item) => item.status === 'queued');
      if (!next) {
        // A failure's toast stays up: 'Success!' replacing it would hide what went wrong.
        if (batchSaved > 0 && !batchFailed) deps.notify({ title: 'Success!', description: `${batchSaved} ${batchSaved === 1 ? 'song' : 'songs'} uploaded and saved` });
        batchSaved = 0;
        batchFailed = false;
        return;
      }
      running = { id: next.id, controller: new AbortController() };
      patch(next.id, { status: 'uploading', progress: 0 });
      void upload(next.id, running.controller.signal).finally(() => {
        running = null;
        pump();
      });
    };

    const upload = async (id: number, signal: AbortSignal) => {
      const item = get().items.find((i) => i.id === id)!;
      const status: SongStatus = get().publish ? 'published' : 'pending';
      let song: UploadedSong;
      try {
        song = await deps.send(item.file, status, (fraction) => {
          if (!signal.aborted) patch(id, { progress: Math.min(100, Math.round(fraction * 100)) });
        }, signal);
      } catch (error) {
        const message = error instanceof UploadError ? error.message : 'Upload failed';
        patch(id, { status: 'error', error: message });
        if (error instanceof UploadError && error.cancelled) return;
        batchFailed = true;
        deps.notify({ title: 'Upload Failed', description: message, variant: 'destructive' });
        return;
      }
      await saveDetails(id, song);
      batchSaved += 1;
      deps.saved();
      if (status === 'published' && get().items.some((i) => i.id === id)) {
        set((state) => ({ items: state.items.filter((i) => i.id !== id) }));
        deps.highlight(song.id);
      }
    };

    /** After the upload, a changed title or a non-empty artist is sent as an update. */
    const saveDetails = async (id: number, song: UploadedSong) => {
      const item = get().items.find((i) => i.id === id);
      if (!item) return;
      const title = finalTitle(item.title, item.file.name);
      const artist = item.artist.trim();
      const changes = {
        ...(title !== finalTitle('', item.file.name) ? { title } : {}),
        ...(artist ? { artist } : {}),
      };
      let saved = song.title;
      if (Object.keys(changes).length > 0) {
        try {
          await deps.update(song.id, changes);
          saved = changes.title ?? saved;
        } catch (error) {
          deps.notify({ title: 'Error', description: error instanceof Error && error.message ? error.message : 'Failed to update song', variant: 'destructive' });
        }
      }
      patch(id, { status: 'uploaded', progress: 100, songId: song.id, title: saved, duration: song.duration, audioUrl: song.audioUrl, artworkUrl: song.artworkUrl });
    };

    return {
      items: [],
      publish: false,
      conflicts: [],
      setPublish: (publish) => set({ publish }),
      add(files) {
        const { accepted, notices } = screenBatch(files);
        for (const notice of notices) deps.notify(notice);
        const names = new Set(get().items.map((item) => item.file.name));
        const conflicts = accepted.filter((file) => names.has(file.name));
        for (const file of accepted) if (!names.has(file.name)) queue(file);
        if (conflicts.length > 0) set((state) => ({ conflicts: [...state.conflicts, ...conflicts] }));
        pump();
      },
      replaceConflict() {
        const [file, ...rest] = get().conflicts;
        if (!file) return;
        set({ conflicts: rest });
        for (const old of get().items.filter((item) => item.file.name === file.name)) dropItem(old.id);
        queue(file);
        pump();
      },
      skipConflict: () => set((state) => ({ conflicts: state.conflicts.slice(1) })),
      cancel(id) {
        const item = get().items.find((i) => i.id === id);
        if (item?.status === 'uploading') running?.controller.abort();
        else if (item?.status === 'queued') dropItem(id);
      },
      remove(id) {
        const item = get().items.find((i) => i.id === id);
        if (item && item.status !== 'uploading' && item.status !== 'queued') dropItem(id);
      },
      edit: (id, changes) => patch(id, changes),
      clearUploaded() {
        if (canClear(get().items)) set((state) => ({ items: state.items.filter((item) => item.status !== 'uploaded') }));
      },
    };
  });
  return store;
}
