import { useRef, useState } from 'react';
import type { AlbumDto, SongDto } from '../../../src/shared/types.ts';
import { AlertDialog, AlertDialogContent } from '../../ui/alert-dialog.tsx';
import { Artwork } from '../../ui/artwork.tsx';
import { Button } from '../../ui/button.tsx';
import { LyricsForm } from './lyrics-form.tsx';
import { SongEditForm } from './song-edit-form.tsx';
import { useSongWrites } from './song-writes.ts';
import { iconDownload, iconEye, iconEyeOff, iconFileAudio, iconImageOff, iconImageUp, iconTrash2 } from '../../../src/shared/lucide-icons.ts';
import { Icon } from '../../ui/icon.tsx';

/** The download's file name: the title (without characters file systems refuse) and the audio's extension. */
export function downloadName(song: Pick<SongDto, 'title' | 'audioUrl'>): string {
  const ext = /\.(\w+)$/.exec(song.audioUrl)?.[1];
  const base = song.title.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ').trim() || 'song';
  return ext ? `${base}.${ext}` : base;
}

/** A hidden file input behind a button; the chosen file goes to `onFile`, then the input resets. */
function FilePicker({ accept, label, busy, onFile, children }: { accept: string; label: string; busy: boolean; onFile: (file: File) => Promise<unknown>; children: React.ReactNode }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={accept}
        aria-label={label}
        className="hidden"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void onFile(file);
        }}
      />
      <Button variant="outline" busy={busy} onClick={() => input.current?.click()}>
        {children}
      </Button>
    </>
  );
}

/** A song's expanded row: actions, thumbnail, and the edit form. */
export function SongPanel({ song, albums }: { song: SongDto; albums: AlbumDto[] }) {
  const writes = useSongWrites();
  const [busy, setBusy] = useState<'audio' | 'status' | 'delete' | 'thumbnail' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const during = async (what: NonNullable<typeof busy>, work: () => Promise<unknown>) => {
    setBusy(what);
    try {
      await work();
    } finally {
      setBusy(null);
    }
  };
  const published = song.status === 'published';
  return (
    <div className="grid gap-5">
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
        <Button asChild variant="outline">
          <a href={song.audioUrl} download={downloadName(song)}>
            <Icon svg={iconDownload} />
            Download
          </a>
        </Button>
        <FilePicker accept="audio/*" label="Replacement audio file" busy={busy === 'audio'} onFile={(file) => during('audio', () => writes.replaceAudio(song.id, file))}>
          <Icon svg={iconFileAudio} />
          Replace Audio
        </FilePicker>
        <Button variant="outline" busy={busy === 'status'} onClick={() => void during('status', () => writes.setStatus(song.id, published ? 'pending' : 'published'))}>
          <Icon svg={published ? iconEyeOff : iconEye} />
          {published ? 'Unpublish' : 'Publish'}
        </Button>
        <Button variant="outline" className="text-destructive-text" onClick={() => setConfirming(true)}>
          <Icon svg={iconTrash2} />
          Delete
        </Button>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Artwork url={song.artworkUrl} alt={song.artworkUrl ? `Thumbnail of ${song.title}` : ''} className="h-16 w-16 text-2xl" />
        <FilePicker accept="image/*" label="Thumbnail image file" busy={busy === 'thumbnail'} onFile={(file) => during('thumbnail', () => writes.uploadThumbnail(song.id, file))}>
          <Icon svg={iconImageUp} />
          {song.artworkUrl ? 'Replace Thumbnail' : 'Upload Thumbnail'}
        </FilePicker>
        {song.artworkUrl ? (
          <Button variant="ghost" disabled={busy === 'thumbnail'} onClick={() => void during('thumbnail', () => writes.removeThumbnail(song.id))}>
            <Icon svg={iconImageOff} />
            Remove Thumbnail
          </Button>
        ) : null}
      </div>
      <SongEditForm key={`${song.title}|${song.artist}|${song.albumId}|${song.tags.join('|')}`} song={song} albums={albums} onSave={(patch) => writes.update(song.id, patch)} />
      <LyricsForm songId={song.id} hasLyrics={song.hasLyrics} />
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent
          title="Delete this song?"
          description={`"${song.title}" moves to Deleted, where it can be restored for 7 days.`}
          confirmLabel="Delete"
          busy={busy === 'delete'}
          onConfirm={() =>
            void during('delete', async () => {
              await writes.remove(song.id);
              // Success or failure, the confirmation closes (failed deletes close it).
              setConfirming(false);
            })
          }
        />
      </AlertDialog>
    </div>
  );
}
