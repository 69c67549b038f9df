import { sharePaths } from '../../../islands/lib/api/shares.ts';
import { SharePlayer } from '../../../islands/share/share-player.tsx';
import { Document } from '../../../src/render/document.tsx';
import { pageScope } from '../../../src/render/page-scope.ts';
import { normalisationMode } from '../../../src/services/settings/settings.ts';
import { findSongShare, findTempShare } from '../../../src/services/shares/index.ts';
import type { SongLoudness } from '../../../src/shared/loudness.ts';
import { joinWithBullet } from '../../../src/shared/format.ts';
import { PreviewTags } from './preview-tags.tsx';
import { ShareLayout, ShareNotFound } from './share-layout.tsx';

interface SharedAudio {
  title: string;
  subtitle: string;
  artworkUrl: string | null;
  audioUrl: string;
  duration: number;
  loudness?: SongLoudness;
  lyricsPath?: string | null;
}

/** A song share first; otherwise a temporary share, shown as a song by sharedBy. */
function findSharedAudio(shareId: string): SharedAudio | null {
  const scope = pageScope();
  const { db, now } = scope;
  const song = findSongShare(db, shareId);
  if (song) {
    const subtitle = joinWithBullet(song.artist, song.albumName);
    const loudness = { trackGain: song.trackGain, albumGain: song.albumGain, trackPeak: song.trackPeak, albumPeak: song.albumPeak };
    const lyricsPath = song.hasLyrics ? sharePaths.lyrics('song', shareId, song.id) : null;
    return { title: song.title, subtitle, artworkUrl: song.artworkUrl, audioUrl: song.audioUrl, duration: song.duration, loudness, lyricsPath };
  }
  const temp = findTempShare(db, shareId, now);
  if (!temp) return null;
  if (temp.expiresAt) scope.expiresAt = Date.parse(temp.expiresAt);
  return { title: temp.title, subtitle: joinWithBullet(temp.sharedBy), artworkUrl: null, audioUrl: temp.audioUrl, duration: temp.duration };
}

/** `/share/{shareId}`: one song (or temporary share), read straight from the database. */
export function SongSharePage({ shareId }: { shareId: string }) {
  const scope = pageScope();
  const audio = findSharedAudio(shareId);
  if (!audio) {
    scope.status = 404;
    return (
      <Document title="Share Not Found - Hearth">
        <ShareNotFound heading="Share Not Found" text="This shared audio is not available or has expired." />
      </Document>
    );
  }
  const description = audio.subtitle
    ? `Listen to ${audio.title} by ${audio.subtitle} on Hearth`
    : `Listen to ${audio.title} on Hearth`;
  const head = (
    <PreviewTags
      origin={scope.origin}
      path={scope.path}
      title={audio.title}
      description={description}
      artworkUrl={audio.artworkUrl}
      audioUrl={audio.audioUrl}
      type="music.song"
    />
  );
  return (
    <Document title={`${audio.title} - Hearth`} description={description} head={head}>
      <ShareLayout artworkUrl={audio.artworkUrl} alt={audio.title}>
        <div className="w-full min-w-0 text-center">
          <h1 className="truncate text-xl font-bold md:text-2xl">{audio.title}</h1>
          {audio.subtitle ? <p className="truncate text-muted-foreground">{audio.subtitle}</p> : null}
        </div>
        <SharePlayer tracks={[{ title: audio.title, subtitle: audio.subtitle, audioUrl: audio.audioUrl, duration: audio.duration, artworkUrl: audio.artworkUrl, loudness: audio.loudness, lyricsPath: audio.lyricsPath }]} normalisation={normalisationMode(scope.db)} />
      </ShareLayout>
    </Document>
  );
}
