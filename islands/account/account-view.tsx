import { useId, useState } from 'react';
import type { DisplayPreference } from '../../src/shared/types.ts';
import { PageHeader } from '../app/page-header.tsx';
import { useUser } from '../app/user-context.ts';
import type { ViewProps } from '../app/views.tsx';
import { OfflineMusicSection } from '../offline/offline-music-section.tsx';
import { Card } from '../ui/card.tsx';
import { cn } from '../ui/cn.ts';
import { AppPasswordsSection } from './app-passwords.tsx';
import { PasswordSection } from './password-form.tsx';
import { PinSection } from './pin-section.tsx';
import { DISPLAY_OPTIONS, useSetDisplayPreference } from './display-preference.ts';
import { iconCircleUserRound } from '../../src/shared/lucide-icons.ts';
import { Icon } from '../ui/icon.tsx';

const SECTION = 'grid gap-4 p-5 md:p-6';

/** `/account`, every user's own page: who is signed in, the library subtitle, the password, the profile PIN, app passwords, offline music. */
export function AccountView(_props: ViewProps) {
  // The live user (the cache the preference updates), not the prop captured at navigation.
  const user = useUser();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Account" />
      <Card className={SECTION}>
        <div className="flex items-center gap-3">
          <Icon svg={iconCircleUserRound} className="text-4xl text-muted-foreground" />
          <div className="min-w-0">
            <p className="text-sm text-muted-foreground">Signed in as</p>
            <p data-testid="account-username" className="truncate text-lg font-semibold">{user.username}</p>
          </div>
          {user.isAdmin ? <span className="ml-auto rounded-full bg-accent-soft px-2.5 py-1 text-xs font-medium text-accent-text">Admin</span> : null}
        </div>
      </Card>
      <Card className={SECTION}>
        <DisplayPreferenceChoice value={user.displayPreference} />
      </Card>
      <Card className={SECTION}>
        <PasswordSection username={user.username} />
      </Card>
      <Card className={SECTION}>
        <PinSection username={user.username} isAdmin={user.isAdmin} />
      </Card>
      <Card className={SECTION}>
        <AppPasswordsSection username={user.username} />
      </Card>
      <Card className={SECTION}>
        <OfflineMusicSection />
      </Card>
    </div>
  );
}

/** What shows under each song in the library, as a radio group (arrow keys move). */
function DisplayPreferenceChoice({ value }: { value: DisplayPreference }) {
  const save = useSetDisplayPreference();
  const name = useId();
  // The choice shows the moment it is made: the cached user changes a tick later (react-query
  // runs onMutate asynchronously), and meanwhile React would put the old radio back. A new
  // `value` (the saved answer, or the old one after a refusal) always wins.
  const [chosen, setChosen] = useState(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setChosen(value);
  }
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-base font-semibold">Library subtitle</legend>
      <p className="-mt-1 text-sm text-muted-foreground">What shows under each song's title in your library.</p>
      <div className="grid gap-2 sm:grid-cols-2">
        {DISPLAY_OPTIONS.map((option) => (
          <label
            key={option.value}
            className={cn(
              'flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-border px-3 py-2 text-sm font-medium hover:bg-muted',
              option.value === chosen && 'border-accent bg-accent-soft/50',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === chosen}
              onChange={() => {
                setChosen(option.value);
                save(option.value);
              }}
              className="h-4 w-4 shrink-0"
              style={{ accentColor: 'rgb(var(--accent))' }}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
