import { joinWithBullet } from '../../../src/shared/format.ts';
import { daysRemainingText } from '../../../src/shared/retention.ts';
import type { DeletedAlbumDto, DeletedSongDto } from '../../../src/shared/types.ts';

/** One entry of the Deleted tab: a song or an album, named for the API's paths. */
export type TrashItem = { kind: 'songs'; item: DeletedSongDto } | { kind: 'albums'; item: DeletedAlbumDto };

export const itemName = ({ kind, item }: TrashItem) => (kind === 'songs' ? item.title : item.name);
export const itemKey = ({ kind, item }: TrashItem) => `${kind}-${item.id}`;

/** "5 days remaining • Song • Grandma • Bedtime", "7 days remaining • Album": the days first, never cut off. */
export function itemSubtitle(entry: TrashItem): string {
  const days = daysRemainingText(entry.item.daysRemaining);
  return entry.kind === 'songs' ? joinWithBullet(days, 'Song', entry.item.artist, entry.item.albumName) : joinWithBullet(days, 'Album');
}

/** The filter: All lists albums and songs; Music lists the songs only (docs/decisions/065-admin-deleted-tab.md). */
export type TrashFilter = 'all' | 'music';

export function listed(filter: TrashFilter, albums: readonly DeletedAlbumDto[], songs: readonly DeletedSongDto[]): TrashItem[] {
  const songItems = songs.map((item): TrashItem => ({ kind: 'songs', item }));
  if (filter === 'music') return songItems;
  return [...albums.map((item): TrashItem => ({ kind: 'albums', item })), ...songItems];
}
