'use client';
/** Placeholder until Manage Songs lands (issue 11, item 3). */
export function ManageSongs() {
  return <section aria-label="Manage Songs" />;
}
