'use client';
/** Placeholder until the Albums tab lands (issue 11, item 4). */
export function AlbumsTab() {
  return <section aria-label="Albums" />;
}
