'use client';
/** Placeholder until the Deleted tab lands (issue 11, item 5). */
export function DeletedTab() {
  return <section aria-label="Deleted" />;
}
