'use client';
import { ManageSongs } from '../songs/manage-songs.tsx';
import { UploadPanel } from '../upload/upload-panel.tsx';

/** The admin area's Music tab: Upload Songs and Edit Details above, Manage Songs below. */
export function MusicView() {
  return (
    <div className="grid gap-6">
      <UploadPanel />
      <ManageSongs />
    </div>
  );
}
