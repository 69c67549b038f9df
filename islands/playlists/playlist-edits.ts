import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { SongDto } from '../../src/shared/types.ts';
import { playlistApi, playlistKeys, refreshPlaylist } from '../lib/api/playlists.ts';
import { toast } from '../ui/toast-store.ts';
import { messageOf } from '../lib/api/request.ts';

/**
 * Removing and reordering a playlist's songs. Both show at once and are
 * undone, with the server's reason, when the server refuses (a playlist that is not yours: 403).
 */
export function usePlaylistEdits(id: string) {
  const queryClient = useQueryClient();
  const key = playlistKeys.songs(id);
  // A later reorder's answer wins over an earlier one still in flight.
  const latest = useRef(0);

  const current = () => queryClient.getQueryData<SongDto[]>(key) ?? [];

  const reorder = async (order: SongDto[]) => {
    const before = current();
    const ticket = ++latest.current;
    queryClient.setQueryData(key, order);
    try {
      const saved = await playlistApi.reorder(id, order.map((song) => song.id));
      if (ticket === latest.current) queryClient.setQueryData(key, saved);
    } catch (error) {
      if (ticket === latest.current) queryClient.setQueryData(key, before);
      toast({ title: 'Failed to reorder playlist', description: messageOf(error, 'An error occurred while saving the new order'), variant: 'destructive' });
      return;
    }
    // The first song's artwork is the playlist's.
    void queryClient.invalidateQueries({ queryKey: playlistKeys.one(id), exact: true });
    void queryClient.invalidateQueries({ queryKey: playlistKeys.list, exact: true });
  };

  const removeSong = async (song: SongDto) => {
    const before = current();
    queryClient.setQueryData(
      key,
      before.filter((s) => s.id !== song.id),
    );
    try {
      await playlistApi.removeSong(id, song.id);
    } catch (error) {
      queryClient.setQueryData(key, before);
      toast({ title: 'Failed to remove song', description: messageOf(error, 'An error occurred while removing the song'), variant: 'destructive' });
      return;
    }
    toast({ title: 'Song removed', description: `"${song.title}" removed from the playlist` });
    void refreshPlaylist(queryClient, id);
  };

  return { reorder, removeSong };
}
