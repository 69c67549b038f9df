'use client';
import { useState } from 'react';
import { Button } from '../ui/button.tsx';
import { CardDescription } from '../ui/card.tsx';
import { LoginForm } from './login-form.tsx';

type View = 'login' | 'register';

/**
 * The login card: Login, and while an admin keeps registration open, Create Account (docs/architecture.md).
 * `/login?create=1` (the share page's invitation) opens on Create Account, from the server HTML on.
 */
export function LoginCard({ registrationOpen, create = false }: { registrationOpen: boolean; create?: boolean }) {
  const [view, setView] = useState<View>(create ? 'register' : 'login');

  const register = registrationOpen && view === 'register';
  return (
    <div className="grid gap-6">
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
