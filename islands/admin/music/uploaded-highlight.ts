import { create } from 'zustand';

/**
 * A published upload leaves the queue and is highlighted in the manage list. The
 * upload queue marks the song here; Manage Songs reads it (and may clear it).
 */
interface UploadedHighlight {
  songIds: number[];
  highlight: (songId: number) => void;
  clear: () => void;
}

export const useUploadedHighlight = create<UploadedHighlight>((set) => ({
  songIds: [],
  highlight: (songId) => set((state) => ({ songIds: [...state.songIds.filter((id) => id !== songId), songId] })),
  clear: () => set({ songIds: [] }),
}));
