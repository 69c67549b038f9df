import type { Db } from '../../../db/client.ts';
import { countPlay } from '../../../db/queries/listening.ts';
import type { UserRow } from '../../../db/schema/index.ts';
import type { NowPlaying } from './activity.ts';
import { requireVisibleSong } from './browse.ts';
import { SUBSONIC_ERROR, SubsonicError } from './errors.ts';
import type { Params } from './params.ts';
import type { XmlObject } from './xml.ts';

const STATES = ['starting', 'playing', 'paused', 'stopped'];
/** A play counts once past half the song or 4 minutes, the web player's rule. */
const countsAsPlay = (positionMs: number, durationS: number) => positionMs >= Math.min((durationS * 1000) / 2, 240_000);

/**
 * reportPlayback (OpenSubsonic playbackReport): starting, playing and paused show the song in
 * getNowPlaying; stopped far enough in counts one play for the household, as scrobble does
 * (unless the app says `ignoreScrobble`, when it scrobbles itself).
 */
export function reportPlayback(db: Db, user: UserRow, params: Params, nowPlaying: NowPlaying, now: number): XmlObject {
  const { song } = requireVisibleSong(db, user, params.required('mediaId'));
  params.required('mediaType');
  params.required('positionMs');
  const positionMs = params.int('positionMs', 0, -1, Number.MAX_SAFE_INTEGER);
  if (positionMs < 0) throw new SubsonicError(SUBSONIC_ERROR.generic, 'positionMs must not be negative');
  const state = params.required('state');
  if (!STATES.includes(state)) throw new SubsonicError(SUBSONIC_ERROR.generic, `Unknown playback state: ${state.slice(0, 20)}`);
  if (state !== 'stopped') {
    nowPlaying.set(user, song.id, song.duration, params.get('c') ?? '', now);
    return {};
  }
  nowPlaying.clear(user.id);
  if (params.bool('ignoreScrobble') !== true && countsAsPlay(positionMs, song.duration)) countPlay(db, user.id, song.id, now);
  return {};
}
