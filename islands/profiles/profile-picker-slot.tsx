import { type ComponentType, useEffect, useState } from 'react';
import { create } from 'zustand';
import type { ProfileDto } from '../../src/shared/types.ts';
import { profilesApi } from '../lib/api/profiles.ts';
import { markProfileChosen, profileChosen } from './enter-profile.ts';

type PickerProps = { initial?: ProfileDto[] | undefined; onClose(): void };

const usePicker = create<{ open: boolean; initial?: ProfileDto[] | undefined }>(() => ({ open: false }));

/** The user menu's and the sidebar's "Switch profile". */
export const openProfilePicker = () => usePicker.setState({ open: true, initial: undefined });

/**
 * Mounts the picker when asked, from its own chunk (not first-load JavaScript). When the app
 * opens in a new tab on a device holding more than one profile, it opens by itself once.
 */
export function ProfilePickerSlot() {
  const { open, initial } = usePicker();
  const [Picker, setPicker] = useState<ComponentType<PickerProps> | null>(null);

  useEffect(() => {
    if (profileChosen()) return;
    markProfileChosen();
    void profilesApi.list().then(
      (held) => held.length > 1 && usePicker.setState({ open: true, initial: held }),
      () => undefined,
    );
  }, []);

  useEffect(() => {
    if (!open || Picker) return;
    void import('./profile-picker-dialog.tsx').then((module) => setPicker(() => module.ProfilePickerDialog));
  }, [open, Picker]);

  return open && Picker ? <Picker initial={initial} onClose={() => usePicker.setState({ open: false })} /> : null;
}
