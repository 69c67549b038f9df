import { sharePaths } from '../../../islands/lib/api/shares.ts';
import { type PlayerTrack, SharePlayer } from '../../../islands/share/share-player.tsx';
import { Document } from '../../../src/render/document.tsx';
import { pageScope } from '../../../src/render/page-scope.ts';
import { normalisationMode } from '../../../src/services/settings/settings.ts';
import { findAlbumShare, findPlaylistShare } from '../../../src/services/shares/index.ts';
import type { SongDto } from '../../../src/shared/types.ts';
import { PreviewTags } from './preview-tags.tsx';
import { ShareLayout, ShareNotFound } from './share-layout.tsx';

const toTrack = (kind: Collection['kind'], shareId: string) => (song: SongDto): PlayerTrack => ({
  title: song.title,
  subtitle: song.artist ?? '',
  audioUrl: song.audioUrl,
  duration: song.duration,
  artworkUrl: song.artworkUrl,
  loudness: { trackGain: song.trackGain, albumGain: song.albumGain, trackPeak: song.trackPeak, albumPeak: song.albumPeak },
  lyricsPath: song.hasLyrics ? sharePaths.lyrics(kind, shareId, song.id) : null,
});

interface Collection {
  kind: 'album' | 'playlist';
  shareId: string;
  name: string;
  artworkUrl: string | null;
  songs: SongDto[];
}

function CollectionShare({ collection }: { collection: Collection }) {
  const scope = pageScope();
  const count = collection.songs.length;
  const description = `Listen to ${collection.name} (${count} ${count === 1 ? 'track' : 'tracks'}) on Hearth`;
  const head = (
    <PreviewTags
      origin={scope.origin}
      path={scope.path}
      title={collection.name}
      description={description}
      artworkUrl={collection.artworkUrl}
      audioUrl={collection.songs[0]?.audioUrl}
      type={collection.kind === 'album' ? 'music.album' : 'music.playlist'}
    />
  );
  return (
    <Document title={`${collection.name} - Hearth`} description={description} head={head}>
      <ShareLayout artworkUrl={collection.artworkUrl} alt={collection.name} beside>
        <h1 className="w-full truncate text-center text-xl font-bold md:text-2xl">{collection.name}</h1>
        {count > 0 ? (
          <SharePlayer tracks={collection.songs.map(toTrack(collection.kind, collection.shareId))} withTrackList context={collection.kind} normalisation={normalisationMode(scope.db)} />
        ) : (
          <p className="text-muted-foreground">No tracks yet</p>
        )}
      </ShareLayout>
    </Document>
  );
}

function NotFound({ heading, text }: { heading: string; text: string }) {
  pageScope().status = 404;
  return (
    <Document title={`${heading} - Hearth`}>
      <ShareNotFound heading={heading} text={text} />
    </Document>
  );
}

/** `/share/album/{shareId}`. */
export function AlbumSharePage({ shareId }: { shareId: string }) {
  const found = findAlbumShare(pageScope().db, shareId);
  if (!found) return <NotFound heading="Album Not Found" text="This shared album is not available." />;
  const { album, songs } = found;
  return <CollectionShare collection={{ kind: 'album', shareId, name: album.name, artworkUrl: album.artworkUrl, songs }} />;
}

/** `/share/playlist/{shareId}`. */
export function PlaylistSharePage({ shareId }: { shareId: string }) {
  const found = findPlaylistShare(pageScope().db, shareId);
  if (!found) return <NotFound heading="Playlist Not Found" text="This shared playlist is not available." />;
  const { playlist, songs } = found;
  return <CollectionShare collection={{ kind: 'playlist', shareId, name: playlist.name, artworkUrl: playlist.artworkUrl, songs }} />;
}
