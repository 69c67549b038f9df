import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SongDto } from '../../src/shared/types.ts';
import { listeningApi, listeningKeys, useFavourites } from '../lib/api/listening.ts';
import { toast } from '../ui/toast-store.ts';

const FAVOURITES_KEY = listeningKeys.favourites;

/** Whether a song is a favourite; undefined while the list is loading. */
export function useIsFavourite(songId: number): boolean | undefined {
  const favourites = useFavourites();
  return favourites.data?.some((song) => song.id === songId);
}

type Favourable = Pick<SongDto, 'id' | 'title'> & Partial<SongDto>;

/**
 * Adds or removes a favourite at once (optimistic), then asks the server; a refusal puts the
 * list back and says why. A full song is shown in Favourites at once; otherwise after the refetch.
 */
export function useToggleFavourite() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ song, favourite }: { song: Favourable; favourite: boolean }) => listeningApi.setFavourite(song.id, favourite),
    onMutate: async ({ song, favourite }) => {
      await queryClient.cancelQueries({ queryKey: FAVOURITES_KEY });
      const before = queryClient.getQueryData<SongDto[]>(FAVOURITES_KEY);
      const rest = (before ?? []).filter((found) => found.id !== song.id);
      const full = 'audioUrl' in song && song.audioUrl ? (song as SongDto) : null;
      queryClient.setQueryData<SongDto[]>(FAVOURITES_KEY, favourite && full ? [full, ...rest] : rest);
      return { before };
    },
    onSuccess: (_answer, { song, favourite }) =>
      toast({ title: favourite ? 'Added to Favourites' : 'Removed from Favourites', description: song.title }),
    onError: (error, _vars, context) => {
      queryClient.setQueryData(FAVOURITES_KEY, context?.before);
      toast({ title: 'Failed to update favourites', description: error.message || 'Please try again.', variant: 'destructive' });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: FAVOURITES_KEY }),
  });
  return (song: Favourable, favourite: boolean) => mutation.mutate({ song, favourite });
}
