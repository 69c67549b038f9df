'use client';
import { useCallback, useState } from 'react';
import { ProfileChooser } from '../profiles/profile-chooser.tsx';
import { Button } from '../ui/button.tsx';
import { CardDescription } from '../ui/card.tsx';
import { LoginForm } from './login-form.tsx';

type View = 'login' | 'register';

/**
 * The login card: Login, and while an admin keeps registration open, Create Account (docs/architecture.md).
 * `/login?create=1` (the share page's invitation) opens on Create Account, from the server HTML on.
 * Above it, the profiles this browser holds ("Who's listening?").
 */
export function LoginCard({ registrationOpen, create = false }: { registrationOpen: boolean; create?: boolean }) {
  const [view, setView] = useState<View>(create ? 'register' : 'login');

  const register = registrationOpen && view === 'register';
  // The profiles this browser still holds (a family tablet) come first, when there are any.
  const [held, setHeld] = useState(false);
  const onLoaded = useCallback((count: number) => setHeld(count > 0), []);
  return (
    <div className="grid gap-6">
      <section hidden={!held} aria-label="Who's listening?" className="grid gap-4">
        <h2 className="text-center text-xl font-semibold">Who's listening?</h2>
        <ProfileChooser onLoaded={onLoaded} />
        <p className="flex items-center gap-3 text-xs uppercase tracking-wide text-muted-foreground">
          <span aria-hidden="true" className="h-px flex-1 bg-border" />
          or sign in
          <span aria-hidden="true" className="h-px flex-1 bg-border" />
        </p>
      </section>
      <div className="grid gap-1">
        <h1 className="text-xl font-semibold">{register ? 'Create Account' : 'Login'}</h1>
        <CardDescription>{register ? 'Join the family library on Hearth' : 'Sign in to Hearth'}</CardDescription>
      </div>
      <LoginForm key={view} mode={register ? 'register' : 'login'} />
      {registrationOpen ? (
        <p className="flex flex-wrap items-center justify-center gap-x-1 text-sm text-muted-foreground">
          {register ? 'Already have an account?' : 'New to this Hearth?'}
          <Button variant="ghost" size="sm" className="text-accent-text" onClick={() => setView(register ? 'login' : 'register')}>
            {register ? 'Login' : 'Create Account'}
          </Button>
        </p>
      ) : null}
    </div>
  );
}
