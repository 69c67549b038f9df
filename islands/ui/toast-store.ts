import { create } from 'zustand';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  /** 'info' tells something is already so (not an error); 'destructive' is a failure. */
  variant?: 'default' | 'info' | 'destructive';
}

interface ToastState {
  current: Toast | null;
  /** One at a time; a new toast replaces the previous one. */
  show(toast: Omit<Toast, 'id'>): number;
  dismiss(id?: number): void;
}

let nextId = 0;

export const useToastStore = create<ToastState>((set) => ({
  current: null,
  show(toast) {
    const id = ++nextId;
    set({ current: { ...toast, id } });
    return id;
  },
  dismiss(id) {
    set((state) => (id === undefined || state.current?.id === id ? { current: null } : state));
  },
}));

export const toast = (t: Omit<Toast, 'id'>) => useToastStore.getState().show(t);

/** Shown for 5000 ms; a swipe of 50 px to the right dismisses. */
export const TOAST_DURATION_MS = 5000;
export const SWIPE_DISMISS_PX = 50;
