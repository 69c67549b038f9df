'use client';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { albumKeys } from '../../lib/api/albums.ts';
import { songKeys } from '../../lib/api/songs.ts';
import { AlertDialog, AlertDialogContent } from '../../ui/alert-dialog.tsx';
import { Card, CardDescription, CardTitle } from '../../ui/card.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { Label } from '../../ui/input.tsx';
import { EditDetails } from './edit-details.tsx';
import { UploadDropzone } from './upload-dropzone.tsx';
import { uploadQueue, whenSongsSaved } from './upload-store.ts';

/** The Music tab's upload part: Upload Songs, Edit Details, 'Already Uploaded'. */
export function UploadPanel() {
  const queryClient = useQueryClient();
  useEffect(() => {
    whenSongsSaved(() => {
      void queryClient.invalidateQueries({ queryKey: songKeys.library });
      void queryClient.invalidateQueries({ queryKey: albumKeys.list }); // a tag may have made an album
    });
  }, [queryClient]);
  const publish = useStore(uploadQueue, (s) => s.publish);
  const conflict = useStore(uploadQueue, (s) => s.conflicts[0] ?? null);
  const { setPublish, add, replaceConflict, skipConflict } = uploadQueue.getState();

  return (
    <>
      <Card className="grid grid-cols-1 gap-4 p-4 sm:p-6" aria-labelledby="upload-songs-title" role="region">
        <div className="grid gap-1">
          <CardTitle id="upload-songs-title">Upload Songs</CardTitle>
          <CardDescription>New songs wait as pending until published, unless you publish them right away.</CardDescription>
        </div>
        <div className="flex items-center gap-3">
          <Checkbox id="upload-publish" checked={publish} onChange={setPublish} />
          {/* The label is the 44 px touch target (the box itself is 20 px). */}
          <Label htmlFor="upload-publish" className="flex min-h-11 flex-1 cursor-pointer items-center">
            Publish immediately
          </Label>
        </div>
        <UploadDropzone onFiles={add} />
      </Card>
      <EditDetails />
      <AlertDialog open={conflict !== null} onOpenChange={(open) => !open && skipConflict()}>
        {conflict ? (
          <AlertDialogContent
            title="Already Uploaded"
            description={`"${conflict.name}" is already in the upload list. Replace it with the file you just chose?`}
            confirmLabel="Replace"
            onConfirm={replaceConflict}
          />
        ) : null}
      </AlertDialog>
    </>
  );
}
