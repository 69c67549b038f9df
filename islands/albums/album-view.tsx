import type { ReactNode } from 'react';
import { AppLink } from '../app/app-link.tsx';
import { BackButton, SearchLink } from '../app/back-button.tsx';
import { PageHeader } from '../app/page-header.tsx';
import { useRouter } from '../app/router.ts';
import type { ViewProps } from '../app/views.tsx';
import { ApiError } from '../lib/api/request.ts';
import { useAlbum, useAlbumSongs } from '../lib/api/albums.ts';
import { Button } from '../ui/button.tsx';
import { Message } from '../ui/message.tsx';
import { PageSpinner } from '../ui/spinner.tsx';
import { Tooltip } from '../ui/tooltip.tsx';
import { AlbumHero } from './album-hero.tsx';
import { AlbumMenu } from './album-menu.tsx';
import { AlbumSongs } from './album-songs.tsx';
import { LoadError } from './load-error.tsx';
import { iconDisc3, iconMusic } from '../../src/shared/lucide-icons.ts';

/** `/album/{id}`: sticky header, the album's header, its songs, and every state. */
export function AlbumView({ user, params }: ViewProps) {
  const id = params.id ?? '';
  const album = useAlbum(id);
  const songs = useAlbumSongs(id);
  const { navigate } = useRouter();
  const title = album.data?.name ?? (album.isPending ? <TitleSkeleton /> : 'Album');
  const menu = album.data ? <AlbumMenu album={album.data} isAdmin={user.isAdmin} onDeleted={() => navigate('/albums')} /> : null;

  let body: ReactNode;
  if (album.isPending || (album.isSuccess && songs.isPending)) body = <PageSpinner label="Loading album" />;
  else if (album.isError) body = album.error instanceof ApiError && album.error.status === 404 ? <AlbumNotFound /> : <LoadError heading="Failed to load album" error={album.error} onRetry={() => void album.refetch()} />;
  else
    body = (
      <>
        <AlbumHero album={album.data} songs={songs.data} />
        {songs.isError ? (
          <LoadError heading="Failed to load songs" error={songs.error} onRetry={() => void songs.refetch()} />
        ) : songs.data?.length ? (
          <AlbumSongs songs={songs.data} />
        ) : (
          <Message icon={iconMusic} heading="No songs in this album yet" />
        )}
      </>
    );

  return (
    <div className="flex flex-col gap-6">
      {/* Sticky, with the page's own background, so the name and menu stay in reach while scrolling. */}
      <div className="sticky top-0 z-20 -mx-4 -mt-4 bg-background/90 px-4 py-2 backdrop-blur md:-mx-8 md:-mt-6 md:px-8 md:py-3">
        <PageHeader
          title={title}
          leading={<BackButton to="/" />}
          actions={
            <>
              <Tooltip content="Search">
                <SearchLink />
              </Tooltip>
              {menu}
            </>
          }
        />
      </div>
      {body}
    </div>
  );
}

function TitleSkeleton() {
  return (
    <>
      <span className="sr-only">Album</span>
      {/* A span, not the Skeleton's div: it sits inside the h1. */}
      <span aria-hidden="true" className="inline-block h-6 w-40 max-w-full animate-pulse rounded-md bg-muted align-middle" />
    </>
  );
}

/** A missing, trashed or hidden album: the API's 404. */
function AlbumNotFound() {
  return (
    <Message icon={iconDisc3} heading="Album not found">
      <Button variant="outline" asChild>
        <AppLink href="/albums">Browse Albums</AppLink>
      </Button>
    </Message>
  );
}
