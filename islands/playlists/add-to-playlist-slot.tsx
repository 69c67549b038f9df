import { type ComponentProps, Suspense, useState } from 'react';
import { lazyPart } from '../lib/lazy-part.ts';
import type { AddToPlaylistDialog } from './add-to-playlist-dialog.tsx';

type Props = ComponentProps<typeof AddToPlaylistDialog>;
const dialog = lazyPart<Props>(() => import('./add-to-playlist-dialog.tsx').then((module) => module.AddToPlaylistDialog));

/** Starts loading the dialog (a song menu opening: its Add to Playlist may be next). */
export const preloadAddToPlaylist = dialog.preload;

/**
 * Add to Playlist, from its own chunk (with the dialog primitives): nothing is loaded or
 * rendered until a song is first chosen, then the dialog stays mounted so it animates out.
 */
export function AddToPlaylistSlot(props: Props) {
  const [wanted, setWanted] = useState(false);
  if (props.song && !wanted) setWanted(true);
  if (!wanted && !props.song) return null;
  return (
    <Suspense fallback={null}>
      <dialog.Component {...props} />
    </Suspense>
  );
}
