import type { Db } from '../../../db/client.ts';
import { findPublishedLyricsByTitle, findSongLyrics } from '../../../db/queries/lyrics.ts';
import { requireVisibleSong } from './browse.ts';
import type { Params } from './params.ts';
import type { XmlObject } from './xml.ts';
import type { Viewer } from '../../../db/queries/visibility.ts';

// Lyrics as the apps ask for them: getLyrics by artist and title (plain text), and the
// OpenSubsonic songLyrics extension's getLyricsBySongId (lines with their start, when synced).
// Offsets are applied when lyrics are stored, so every answer's offset is 0.

export function lyrics(db: Db, viewer: Viewer, params: Params): XmlObject {
  const artist = params.get('artist');
  const title = params.get('title');
  const found = title ? findPublishedLyricsByTitle(db, viewer, title, artist) : null;
  if (!found) return { lyrics: { artist, title } };
  const value = found.lyrics.lines.map((line) => line.value).join('\n');
  return { lyrics: { artist: found.artist ?? undefined, title: found.title, value } };
}

export function lyricsBySongId(db: Db, viewer: Viewer, params: Params): XmlObject {
  const { song } = requireVisibleSong(db, viewer, params.required('id'));
  const stored = findSongLyrics(db, song.id, viewer)?.lyrics;
  if (!stored) return { lyricsList: { structuredLyrics: [] } };
  const line = stored.lines.map(({ start, value }) => (stored.synced && start !== null ? { start, value } : { value }));
  return {
    lyricsList: {
      structuredLyrics: [
        // 'xxx' is the API's "language unknown".
        { displayArtist: song.artist ?? undefined, displayTitle: song.title, lang: stored.lang ?? 'xxx', synced: stored.synced, offset: 0, line },
      ],
    },
  };
}
