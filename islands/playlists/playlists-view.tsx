import { useState } from 'react';
import { LoadError } from '../albums/load-error.tsx';
import { AppLink } from '../app/app-link.tsx';
import { SearchLink } from '../app/back-button.tsx';
import { PageHeader } from '../app/page-header.tsx';
import { usePlaylists } from '../lib/api/playlists.ts';
import { Button } from '../ui/button.tsx';
import { COLLECTION_GRID, CollectionCard } from '../ui/collection-card.tsx';
import { Message } from '../ui/message.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { Tooltip } from '../ui/tooltip.tsx';
import { CreatePlaylistDialog } from './create-playlist-dialog.tsx';
import { iconListMusic, iconPlus } from '../../src/shared/lucide-icons.ts';
import { Icon } from '../ui/icon.tsx';

/** `/playlists`: the signed-in user's playlists as a grid of cards, and creating one. */
export function PlaylistsView() {
  const playlists = usePlaylists();
  const [creating, setCreating] = useState(false);
  const createButton = (
    <Button onClick={() => setCreating(true)}>
      <Icon svg={iconPlus} className="text-lg" />
      Create Playlist
    </Button>
  );
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title="Playlists"
        actions={
          <>
            <Tooltip content="Search">
              <SearchLink />
            </Tooltip>
            {/* The label shows from 640 px; phones get the icon, named for screen readers. */}
            <Button className="w-11 px-0 sm:w-auto sm:px-4" onClick={() => setCreating(true)}>
              <Icon svg={iconPlus} className="text-xl" />
              <span className="sr-only sm:not-sr-only">Create Playlist</span>
            </Button>
          </>
        }
      />
      {playlists.isPending ? (
        <div role="status" aria-label="Loading playlists" className={COLLECTION_GRID}>
          {[0, 1, 2, 3, 4].map((i) => (
            <div key={i} className="p-1">
              <Skeleton className="aspect-square w-full rounded-lg" />
              <Skeleton className="mt-2 h-4 w-2/3" />
            </div>
          ))}
        </div>
      ) : playlists.isError ? (
        <LoadError heading="Failed to load playlists" error={playlists.error} onRetry={() => void playlists.refetch()} />
      ) : playlists.data.length === 0 ? (
        <Message icon={iconListMusic} heading="No playlists yet">
          <p className="text-muted-foreground">Create your first playlist to get started</p>
          {createButton}
        </Message>
      ) : (
        <ul aria-label="Playlists" className={COLLECTION_GRID}>
          {playlists.data.map((playlist) => (
            <li key={playlist.id} className="min-w-0">
              <CollectionCard
                name={playlist.name}
                artworkUrl={playlist.artworkUrl}
                link={(children, className) => (
                  <AppLink href={`/playlists/${playlist.id}`} className={className}>
                    {children}
                  </AppLink>
                )}
              />
            </li>
          ))}
        </ul>
      )}
      <CreatePlaylistDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}
