'use client';
import { useEffect, useState } from 'react';
import { SIGN_IN_WITH_PASSWORD } from '../../src/shared/profile-texts.ts';
import type { ProfileDto } from '../../src/shared/types.ts';
import { profilesApi } from '../lib/api/profiles.ts';
import { queueSync } from '../player/player-store.ts';
import { Button } from '../ui/button.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { enterProfile } from './enter-profile.ts';
import { PinPad } from './pin-pad.tsx';
import { ProfileAvatar } from './profile-avatar.tsx';
import { iconArrowLeft, iconLock, iconPlus } from '../../src/shared/lucide-icons.ts';
import { Icon } from '../ui/icon.tsx';

export const ADD_PROFILE_HREF = '/login?add';

type Step = { kind: 'list' } | { kind: 'pin'; profile: ProfileDto } | { kind: 'password'; profile: ProfileDto; message: string };

const message = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Please try again.');

interface ProfileChooserProps {
  /** The held profiles when already fetched (the app's opening check). */
  initial?: ProfileDto[];
  /** Choosing the active profile: nothing to switch (the app closes its dialog). */
  onStay?(): void;
  /** Offer "Add profile" (the app does; the login page is the add). */
  showAdd?: boolean;
  /** Told how many profiles there are once known (the login page hides an empty chooser). */
  onLoaded?(count: number): void;
}

/**
 * "Who's listening?": the profiles this browser holds, as avatars. A child's opens at once, a
 * grown-up's asks for the PIN; every switch ends in a full load of the app as that member.
 */
export function ProfileChooser({ initial, onStay, showAdd = false, onLoaded }: ProfileChooserProps) {
  const [profiles, setProfiles] = useState<ProfileDto[] | null>(initial ?? null);
  const [step, setStep] = useState<Step>({ kind: 'list' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    profilesApi.list().then(
      (list) => {
        if (!live) return;
        setProfiles(list);
        onLoaded?.(list.length);
      },
      (failure: unknown) => live && setError(message(failure)),
    );
    return () => {
      live = false;
    };
  }, [onLoaded]);

  const switchTo = async (profile: ProfileDto, pin?: string) => {
    setBusy(true);
    setError(null);
    try {
      await queueSync.saveNow();
      // Stopped before the request: its answer sets the next member's cookie at once.
      const undo = queueSync.disable();
      let user;
      try {
        user = await profilesApi.switchTo({ userId: profile.id, ...(pin ? { pin } : {}) });
      } catch (failure) {
        undo();
        throw failure;
      }
      enterProfile(user);
    } catch (failure) {
      setBusy(false);
      setError(message(failure));
    }
  };

  const choose = (profile: ProfileDto) => {
    setError(null);
    if (profile.current && onStay) return onStay();
    if (profile.current || profile.needs === 'nothing') return void switchTo(profile);
    if (profile.needs === 'pin') return setStep({ kind: 'pin', profile });
    setStep({ kind: 'password', profile, message: SIGN_IN_WITH_PASSWORD });
  };

  if (step.kind === 'pin') {
    return <PinPad name={step.profile.username} busy={busy} error={error} onSubmit={(pin) => void switchTo(step.profile, pin)} onBack={() => setStep({ kind: 'list' })} />;
  }
  if (step.kind === 'password') {
    return (
      <div className="grid justify-items-center gap-4 text-center">
        <ProfileAvatar profile={step.profile} />
        <p className="text-sm text-muted-foreground">{step.message}</p>
        <Button asChild>
          <a href={ADD_PROFILE_HREF}>Sign in with password</a>
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setStep({ kind: 'list' })}>
          <Icon svg={iconArrowLeft} className="text-base" />
          Back to profiles
        </Button>
      </div>
    );
  }
  if (!profiles) return error ? <p role="alert" className="text-sm text-destructive-text">{error}</p> : <Spinner label="Loading profiles" className="justify-self-center" />;
  return (
    <div className="grid gap-5">
      <ul aria-label="Profiles" className="flex flex-wrap justify-center gap-x-4 gap-y-5">
        {profiles.map((profile) => (
          <li key={profile.id}>
            <button
              type="button"
              disabled={busy}
              onClick={() => choose(profile)}
              className="group grid w-24 justify-items-center gap-2 rounded-lg p-1 focusable disabled:opacity-60"
              aria-label={`${profile.username}${profile.current ? ', current profile' : ''}${profile.needs === 'pin' && !profile.current ? ', needs PIN' : ''}`}
            >
              <span className="relative">
                <ProfileAvatar profile={profile} className="transition-transform group-hover:scale-105" />
                {profile.needs !== 'nothing' && !profile.current ? (
                  <span aria-hidden="true" className="absolute -bottom-1 -right-1 flex h-7 w-7 items-center justify-center rounded-full border border-border bg-surface">
                    <Icon svg={iconLock} className="text-sm text-muted-foreground" />
                  </span>
                ) : null}
              </span>
              <span className="max-w-full truncate text-sm font-medium">{profile.username}</span>
            </button>
          </li>
        ))}
        {showAdd ? (
          <li>
            <a href={ADD_PROFILE_HREF} className="group grid w-24 justify-items-center gap-2 rounded-lg p-1 focusable">
              <span aria-hidden="true" className="flex h-20 w-20 items-center justify-center rounded-full border-2 border-dashed border-border text-muted-foreground transition-colors group-hover:text-foreground">
                <Icon svg={iconPlus} className="text-3xl" />
              </span>
              <span className="text-sm font-medium">Add profile</span>
            </a>
          </li>
        ) : null}
      </ul>
      {error ? <p role="alert" className="text-center text-sm text-destructive-text">{error}</p> : null}
    </div>
  );
}
