import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { SongDto, SongPatch, SongStatus } from '../../../src/shared/types.ts';
import { songApi } from '../../lib/api/songs.ts';
import { uploadApi } from '../../lib/api/uploads.ts';
import { toast } from '../../ui/toast-store.ts';
import { applyToAdminSongs } from './admin-song-cache.ts';

const failed = (description: string) => toast({ title: 'Error', description, variant: 'destructive' });

/**
 * One song's writes with the product's toasts. Each resolves true when it worked. The
 * answer replaces the song in Manage Songs' rows at once; then every song list and the albums
 * (their artwork and visibility follow the songs) are refreshed.
 */
export function useSongWrites() {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const refresh = (change?: { song: SongDto } | { removed: number }) => {
      if (!change) applyToAdminSongs(queryClient, new Set(), 'removed');
      else if ('song' in change) applyToAdminSongs(queryClient, new Set([change.song.id]), () => change.song);
      else applyToAdminSongs(queryClient, new Set([change.removed]), 'removed');
    };
    const attempt = async (run: () => Promise<void>, success: string, failure: () => void) => {
      try {
        await run();
        toast({ title: success });
        return true;
      } catch {
        failure();
        return false;
      }
    };
    const patch = (id: number, body: SongPatch) =>
      attempt(async () => refresh({ song: await songApi.update(id, body) }), 'Song updated!', () => failed('Failed to update song'));

    return {
      refresh,
      update: patch,
      setStatus: (id: number, status: SongStatus) =>
        attempt(
          async () => refresh({ song: await songApi.setStatus(id, status) }),
          'Status updated!',
          () => failed('Failed to update song status'),
        ),
      remove: (id: number) =>
        attempt(
          async () => {
            await songApi.remove(id);
            refresh({ removed: id });
          },
          'Song moved to deleted!',
          () => failed('Failed to delete song'),
        ),
      replaceAudio: (id: number, file: File) =>
        attempt(
          async () => refresh({ song: await songApi.replaceAudio(id, file) }),
          'Audio replaced!',
          () => failed('Failed to replace audio file'),
        ),
      /** POST /api/upload/image, then the song's artworkUrl. */
      uploadThumbnail: async (id: number, file: File) => {
        let objectPath: string;
        try {
          objectPath = (await uploadApi.image(file)).objectPath;
        } catch {
          toast({ title: 'Upload failed', description: 'Could not upload thumbnail', variant: 'destructive' });
          return false;
        }
        return patch(id, { artworkUrl: objectPath });
      },
      removeThumbnail: (id: number) => patch(id, { artworkUrl: null }),
    };
  }, [queryClient]);
}
