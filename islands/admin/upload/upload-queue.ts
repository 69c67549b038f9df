import { createStore } from 'zustand/vanilla';
import type { SongPatch, SongStatus } from '../../../src/shared/types.ts';
import { DuplicateUploadError, type UploadedSong, UploadError } from './upload-transport.ts';
import { type Notice, batchSummary, finalTitle, screenBatch, titleFromFileName } from './upload-rules.ts';

/** 'duplicate': the server already has this audio as a song; the admin skips it or adds a copy. */
export type UploadStatus = 'queued' | 'uploading' | 'uploaded' | 'error' | 'duplicate';

/** The song that already holds a 'duplicate' item's audio, as the server named it. */
export type SameAudioSong = DuplicateUploadError['song'];

/** A file refused before sending (too large, not audio, twice in a batch), kept with its reason. */
export interface RefusedFile {
  id: number;
  name: string;
  size: number;
  reason: string;
}

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
  /** Send with copy=true: added even though the audio is already a song. */
  copy: boolean;
  /** 'Already Uploaded' → Replace of a saved upload: this file becomes that song's audio. */
  replaces: number | null;
  duplicate: SameAudioSong | null;
  /** What the server set aside in a saved file without refusing it (an absurd ReplayGain tag). */
  notes: string[];
}

/** The queue's edges, injected so its rules run in tests without a network or React. */
export interface UploadDeps {
  send(file: File, status: SongStatus, onProgress: (fraction: number) => void, signal: AbortSignal, copy: boolean): Promise<UploadedSong>;
  /** PATCH /api/songs/{id}/audio with progress. */
  replace(songId: number, file: File, onProgress: (fraction: number) => void, signal: AbortSignal): Promise<UploadedSong>;
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
  refused: RefusedFile[];
  /** How the last batch with a refusal or failure ended ('6 songs saved, 1 file rejected'). */
  summary: string | null;
  setPublish(publish: boolean): void;
  add(files: readonly File[]): void;
  /** 'Already Uploaded' → Replace: the old entry goes, the new file is queued. */
  replaceConflict(): void;
  skipConflict(): void;
  /** Aborts the uploading item ('Upload cancelled') or removes a queued one. */
  cancel(id: number): void;
  /** Removes a finished item (error) from the list. */
  remove(id: number): void;
  /** 'Already in your library' → Skip: the item leaves the list, nothing is sent. */
  skipDuplicate(id: number): void;
  /** 'Already in your library' → Add a Copy: sent again with copy=true. */
  addCopy(id: number): void;
  dismissRefused(id: number): void;
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
  let batchRejected = 0;

  const store = createStore<UploadQueueState>()((set, get) => {
    const patch = (id: number, changes: Partial<UploadItem>) =>
      set((state) => ({ items: state.items.map((item) => (item.id === id ? { ...item, ...changes } : item)) }));
    const queue = (file: File, replaces: number | null = null) => {
      const title = titleFromFileName(file.name);
      const item: UploadItem = {
        id: ++nextId, file, title, artist: '', status: 'queued', progress: 0, error: null, songId: null, duration: null, audioUrl: null, artworkUrl: null,
        copy: false, replaces, duplicate: null, notes: [],
      };
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
        endBatch();
        return;
      }
      running = { id: next.id, controller: new AbortController() };
      patch(next.id, { status: 'uploading', progress: 0 });
      void upload(next.id, running.controller.signal).finally(() => {
        running = null;
        pump();
      });
    };

    /**
     * Nothing refused or failed: 'Success!'. Otherwise a batch of more than one file ends on the
     * summary (a lone failure's own toast stays up); each refused or failed file keeps its row.
     */
    const endBatch = () => {
      if (batchRejected === 0 && batchSaved > 0) deps.notify({ title: 'Success!', description: `${batchSaved} ${batchSaved === 1 ? 'song' : 'songs'} uploaded and saved` });
      const summary = batchRejected > 0 && batchSaved + batchRejected > 1 ? batchSummary(batchSaved, batchRejected) : null;
      if (summary) deps.notify({ title: 'Upload Finished', description: summary });
      if (batchSaved + batchRejected > 0) set({ summary });
      batchSaved = 0;
      batchRejected = 0;
    };

    const upload = async (id: number, signal: AbortSignal) => {
      const item = get().items.find((i) => i.id === id)!;
      const status: SongStatus = get().publish ? 'published' : 'pending';
      const onProgress = (fraction: number) => {
        if (!signal.aborted) patch(id, { progress: Math.min(100, Math.round(fraction * 100)) });
      };
      let song: UploadedSong;
      try {
        song = item.replaces !== null
          ? await deps.replace(item.replaces, item.file, onProgress, signal)
          : await deps.send(item.file, status, onProgress, signal, item.copy);
      } catch (error) {
        if (error instanceof DuplicateUploadError) {
          patch(id, { status: 'duplicate', error: error.message, duplicate: error.song, progress: 0 });
          batchRejected += 1;
          deps.notify({ title: 'Already in your library', description: `"${item.file.name}" is already in your library as "${error.song.title}"` });
          return;
        }
        const message = error instanceof UploadError ? error.message : 'Upload failed';
        patch(id, { status: 'error', error: message });
        if (error instanceof UploadError && error.cancelled) return;
        batchRejected += 1;
        deps.notify({ title: 'Upload Failed', description: message, variant: 'destructive' });
        return;
      }
      await saveDetails(id, song);
      batchSaved += 1;
      deps.saved();
      // A published upload leaves the list, unless it has a note to read (one toast at a time would lose it).
      if (status === 'published' && item.replaces === null && !song.notes?.length && get().items.some((i) => i.id === id)) {
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
      patch(id, { status: 'uploaded', progress: 100, songId: song.id, title: saved, duration: song.duration, audioUrl: song.audioUrl, artworkUrl: song.artworkUrl, notes: song.notes ?? [] });
    };

    return {
      items: [],
      publish: false,
      conflicts: [],
      refused: [],
      summary: null,
      setPublish: (publish) => set({ publish }),
      add(files) {
        const { accepted, refused } = screenBatch(files);
        for (const { notice } of refused) deps.notify(notice);
        if (refused.length > 0) {
          batchRejected += refused.length;
          const rows = refused.map(({ file, notice }) => ({ id: ++nextId, name: file.name, size: file.size, reason: notice.description }));
          set((state) => ({ refused: [...state.refused, ...rows] }));
        }
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
        const old = get().items.filter((item) => item.file.name === file.name);
        // A saved upload keeps its song: the new file becomes its audio rather than a second song.
        const saved = old.find((item) => item.status === 'uploaded' && item.songId !== null);
        for (const item of old) dropItem(item.id);
        queue(file, saved?.songId ?? null);
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
      skipDuplicate(id) {
        if (get().items.find((i) => i.id === id)?.status === 'duplicate') dropItem(id);
      },
      addCopy(id) {
        if (get().items.find((i) => i.id === id)?.status !== 'duplicate') return;
        patch(id, { status: 'queued', copy: true, duplicate: null, error: null, progress: 0 });
        pump();
      },
      dismissRefused: (id) => set((state) => ({ refused: state.refused.filter((row) => row.id !== id) })),
      edit: (id, changes) => patch(id, changes),
      clearUploaded() {
        if (canClear(get().items)) set((state) => ({ items: state.items.filter((item) => item.status !== 'uploaded') }));
      },
    };
  });
  return store;
}
