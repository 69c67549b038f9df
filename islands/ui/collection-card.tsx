import type { ReactNode } from 'react';
import { Artwork } from './artwork.tsx';

/**
 * A grid card (albums, playlists): square artwork or the gradient placeholder, the name below.
 * `link` renders the anchor (an AppLink in the app) around it.
 */
export function CollectionCard({ name, artworkUrl, link }: { name: string; artworkUrl: string | null; link: (children: ReactNode, className: string) => ReactNode }) {
  return link(
    <>
      <Artwork url={artworkUrl} className="aspect-square w-full rounded-lg text-4xl shadow-sm transition-transform group-hover:scale-[1.02]" />
      <span className="block truncate pt-2 text-sm font-medium">{name}</span>
    </>,
    'group block min-w-0 rounded-lg p-1 focusable',
  );
}

/** The grid those cards sit in: 2 columns on phones, up to 5 on wide screens. */
export const COLLECTION_GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 md:gap-4 lg:grid-cols-4 xl:grid-cols-5';
