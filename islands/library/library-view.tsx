import { useQuery } from '@tanstack/react-query';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';
import { joinWithBullet } from '../../src/shared/format.ts';
import type { DisplayPreference, SongDto, UserDto } from '../../src/shared/types.ts';
import { AppLink } from '../app/app-link.tsx';
import { ThemeToggle } from '../app/theme-toggle.tsx';
import { apiRequest } from '../lib/api.ts';

const ROW_HEIGHT = 56;

/** Spec §3: the subtitle under each song follows the user's displayPreference. */
export function songSubtitle(song: SongDto, preference: DisplayPreference): string {
  if (preference === 'artist') return song.artist ?? '';
  if (preference === 'album') return song.albumName ?? '';
  if (preference === 'artist-album') return joinWithBullet(song.artist, song.albumName);
  return '';
}

export function useLibrarySongs() {
  return useQuery({ queryKey: ['songs'], queryFn: () => apiRequest<SongDto[]>('/api/songs') });
}

/** `/` signed in: heading, theme toggle, search link, and every song by title (virtualised). */
export function LibraryView({ user }: { user: UserDto }) {
  const songs = useLibrarySongs();
  return (
    <div className="grid gap-4">
      <header className="flex items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">Library</h1>
        <div className="flex items-center gap-1">
          <AppLink href="/search" aria-label="Search" className="btn-ghost h-9 w-9 px-0">
            <span aria-hidden="true">⌕</span>
          </AppLink>
          <ThemeToggle />
        </div>
      </header>
      {songs.isPending ? (
        <div className="flex justify-center py-16" role="status" aria-label="Loading songs">
          <span className="spinner h-8 w-8" />
        </div>
      ) : songs.isError ? (
        <p className="py-16 text-center text-red-600">{songs.error.message}</p>
      ) : songs.data.length === 0 ? (
        <p className="muted py-16 text-center">No tracks yet</p>
      ) : (
        <SongList songs={songs.data} preference={user.displayPreference} />
      )}
    </div>
  );
}

function SongList({ songs, preference }: { songs: SongDto[]; preference: DisplayPreference }) {
  const listRef = useRef<HTMLUListElement>(null);
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => setOffset(listRef.current?.offsetTop ?? 0), []);
  const virtualizer = useWindowVirtualizer({ count: songs.length, estimateSize: () => ROW_HEIGHT, overscan: 8, scrollMargin: offset });
  return (
    <ul ref={listRef} aria-label="Songs" data-count={songs.length} className="relative" style={{ height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((row) => {
        const song = songs[row.index]!;
        const subtitle = songSubtitle(song, preference);
        return (
          <li
            key={song.id}
            className="absolute inset-x-0 flex flex-col justify-center rounded-md px-3 hover:bg-stone-100 dark:hover:bg-stone-900"
            style={{ height: ROW_HEIGHT, transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` }}
          >
            <span className="truncate font-medium">{song.title}</span>
            {subtitle ? <span className="muted truncate text-sm">{subtitle}</span> : null}
          </li>
        );
      })}
    </ul>
  );
}
