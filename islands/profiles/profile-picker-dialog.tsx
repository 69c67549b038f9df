'use client';
import type { ProfileDto } from '../../src/shared/types.ts';
import { Dialog, DialogContent } from '../ui/dialog.tsx';
import { ProfileChooser } from './profile-chooser.tsx';

/** The app's "Who's listening?" dialog (its own chunk): Switch profile, and the opening check. */
export function ProfilePickerDialog({ initial, onClose }: { initial?: ProfileDto[] | undefined; onClose(): void }) {
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent title="Who's listening?" className="max-w-lg">
        <ProfileChooser initial={initial} onStay={onClose} showAdd />
      </DialogContent>
    </Dialog>
  );
}
