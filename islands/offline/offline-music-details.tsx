import { useEffect, useState } from 'react';
import { formatMegabytes } from '../../src/shared/format.ts';
import { AlertDialog, AlertDialogContent } from '../ui/alert-dialog.tsx';
import { Button } from '../ui/button.tsx';
import { removeKept } from './offline-actions.ts';
import { offlineSupported, useOfflineStore } from './offline-cache.ts';
import { songCount } from './offline-menu-items.tsx';
import { type KeptMusic, listOfflineMusic } from './offline-music.ts';

/** What is kept, its size, whether the browser promised to keep it, and removal. */
export function OfflineMusicDetails() {
  // The store changes whenever anything is stored or removed: list again then.
  const audio = useOfflineStore((state) => state.audio);
  const [music, setMusic] = useState<KeptMusic | null>(null);
  const [persisted, setPersisted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    let live = true;
    void listOfflineMusic().then((found) => live && setMusic(found));
    void navigator.storage?.persisted?.().then((value) => live && setPersisted(value));
    return () => {
      live = false;
    };
  }, [audio]);

  if (!offlineSupported()) return <p className="text-sm text-muted-foreground">This browser keeps music offline only over a secure (https) connection.</p>;
  if (!music) return null;
  if (music.songs.length === 0) {
    return <p className="text-sm text-muted-foreground">No music on this device yet. Choose Make available offline in the menu of a song, an album or a playlist.</p>;
  }
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <div className="min-w-0 flex-1">
          <p data-testid="offline-usage" className="font-medium tabular-nums">
            {songCount(music.songs.length)} · {formatMegabytes(music.bytes)} on this device
          </p>
          <p className="text-sm text-muted-foreground">
            {persisted ? 'Kept until you remove it.' : 'Your browser may remove it if the device runs low on space.'}
          </p>
        </div>
        <Button variant="outline" onClick={() => setConfirming(true)}>
          Remove All
        </Button>
      </div>
      <ul aria-label="Songs on this device" className="grid min-w-0 divide-y divide-border rounded-md border border-border">
        {music.songs.map((song) => (
          <li key={song.audioUrl} className="flex min-w-0 items-center gap-3 py-1.5 pl-3 pr-1.5">
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium">{song.title}</p>
              <p className="truncate text-sm text-muted-foreground tabular-nums">{[song.artist, formatMegabytes(song.bytes)].filter(Boolean).join(' · ')}</p>
            </div>
            <Button variant="ghost" aria-label={`Remove "${song.title}" from device`} onClick={() => void removeKept([song], `"${song.title}"`)}>
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent
          title="Remove all offline music?"
          description="The songs stay in your library; they will need a connection to play."
          confirmLabel="Remove All"
          onConfirm={() => {
            setConfirming(false);
            void removeKept(music.songs, songCount(music.songs.length));
          }}
        />
      </AlertDialog>
    </>
  );
}
