import type { AlbumDto } from '../../src/shared/types.ts';
import { AppLink } from '../app/app-link.tsx';
import { SearchLink } from '../app/back-button.tsx';
import { PageHeader } from '../app/page-header.tsx';
import type { ViewProps } from '../app/views.tsx';
import { useAlbums } from '../lib/api/albums.ts';
import { COLLECTION_GRID, CollectionCard } from '../ui/collection-card.tsx';
import { Message } from '../ui/message.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { Tooltip } from '../ui/tooltip.tsx';
import { sortAlbums } from './album-text.ts';
import { LoadError } from './load-error.tsx';
import { iconDisc3 } from '../../src/shared/lucide-icons.ts';

/** `/albums`: heading, search link, and a grid of album cards by name. */
export function AlbumsView(_: ViewProps) {
  const albums = useAlbums();
  return (
    <div className="grid gap-4">
      <PageHeader
        title="Albums"
        actions={
          <Tooltip content="Search">
            <SearchLink />
          </Tooltip>
        }
      />
      {albums.isPending ? (
        <GridSkeleton />
      ) : albums.isError ? (
        <LoadError heading="Failed to load albums" error={albums.error} onRetry={() => void albums.refetch()} />
      ) : albums.data.length === 0 ? (
        <Message icon={iconDisc3} heading="No albums yet" />
      ) : (
        <AlbumGrid albums={albums.data} />
      )}
    </div>
  );
}

function AlbumGrid({ albums }: { albums: AlbumDto[] }) {
  return (
    <ul aria-label="Albums" className={COLLECTION_GRID}>
      {sortAlbums(albums).map((album) => (
        <li key={album.id} className="min-w-0">
          <CollectionCard
            name={album.name}
            artworkUrl={album.artworkUrl}
            link={(children, className) => (
              <AppLink href={`/album/${album.id}`} className={className}>
                {children}
              </AppLink>
            )}
          />
        </li>
      ))}
    </ul>
  );
}

/** The grid's shape while albums load, so nothing shifts when they arrive. */
function GridSkeleton() {
  return (
    <div role="status" aria-label="Loading albums" className={COLLECTION_GRID}>
      {Array.from({ length: 10 }, (_, i) => (
        <div key={i} className="p-1">
          <Skeleton className="aspect-square w-full rounded-lg" />
          <Skeleton className="mt-2 h-4 w-3/4" />
        </div>
      ))}
    </div>
  );
}
