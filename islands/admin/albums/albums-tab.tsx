'use client';
import { LoadError } from '../../albums/load-error.tsx';
import { sortAlbums } from '../../albums/album-text.ts';
import { useAlbums } from '../../lib/api/albums.ts';
import { Card, CardTitle } from '../../ui/card.tsx';
import { Message } from '../../ui/message.tsx';
import { RowSkeletons } from '../../ui/skeleton.tsx';
import { AlbumAdminRow } from './album-admin-row.tsx';
import { CreateAlbumForm } from './create-album-form.tsx';
import { iconDisc3 } from '../../../src/shared/lucide-icons.ts';

function AlbumList() {
  const albums = useAlbums();
  if (albums.isPending) return <RowSkeletons label="Loading albums" />;
  if (albums.isError) return <LoadError heading="Failed to load albums" error={albums.error} onRetry={() => void albums.refetch()} />;
  if (albums.data.length === 0) return <Message icon={iconDisc3} heading="No albums yet" />;
  return (
    <ul aria-label="Albums" className="divide-y divide-border">
      {sortAlbums(albums.data).map((album) => (
        <AlbumAdminRow key={album.id} album={album} />
      ))}
    </ul>
  );
}

/** The admin area's Albums tab: Create Album, then every album with Edit and Delete. */
export function AlbumsTab() {
  return (
    <div className="grid grid-cols-1 gap-6">
      <CreateAlbumForm />
      <Card className="grid grid-cols-1 max-sm:p-4 gap-2">
        <CardTitle>Albums</CardTitle>
        <AlbumList />
      </Card>
    </div>
  );
}
