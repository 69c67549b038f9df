'use client';
/** Placeholder until the upload queue lands (issue 11, item 2). */
export function UploadPanel() {
  return <section aria-label="Upload Songs" />;
}
