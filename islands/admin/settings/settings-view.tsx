'use client';
/** Placeholder until Settings lands (issue 11, item 6). */
export function SettingsView() {
  return <section aria-label="Settings" />;
}
