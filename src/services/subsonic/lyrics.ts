import type { Db } from '../../../db/client.ts';
import { requireVisibleSong } from './browse.ts';
import type { Params } from './params.ts';
import type { XmlObject } from './xml.ts';

// Hearth keeps no lyrics yet: both methods answer a valid, empty result.

export function lyrics(params: Params): XmlObject {
  const artist = params.get('artist');
  const title = params.get('title');
  return { lyrics: { artist, title } };
}

export function lyricsBySongId(db: Db, params: Params): XmlObject {
  requireVisibleSong(db, params.required('id'));
  return { lyricsList: { structuredLyrics: [] } };
}
