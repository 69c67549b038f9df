'use client';
import { type FormEvent, useState } from 'react';
import { MESSAGES, PASSWORD_MIN, USERNAME_MIN } from '../../src/shared/validation.ts';
import { sessionApi } from '../lib/api/session.ts';
import { markProfileChosen } from '../profiles/enter-profile.ts';
import { writeLocal } from '../lib/local-setting.ts';
import { PROFILE_KEY } from '../lib/profile-scope.ts';
import { Button } from '../ui/button.tsx';
import { Field, Input } from '../ui/input.tsx';
import { toast } from '../ui/toast-store.ts';

interface Problems {
  username?: string;
  password?: string;
}

function validate(username: string, password: string): Problems {
  const problems: Problems = {};
  if (username.trim().length < USERNAME_MIN) problems.username = MESSAGES.usernameTooShort;
  if (password.length < PASSWORD_MIN) problems.password = MESSAGES.passwordTooShort;
  return problems;
}

/** How the form differs between signing in and creating an account. */
const MODES = {
  login: { send: sessionApi.login, submit: 'Login', failed: 'Login failed', fallback: 'Invalid credentials', password: 'current-password', id: 'login' },
  register: { send: sessionApi.register, submit: 'Create Account', failed: 'Registration failed', fallback: 'Registration failed', password: 'new-password', id: 'register' },
} as const;

/**
 * Login: field rules, a disabled button with a spinner while submitting. The
 * same form creates an account (POST /api/register signs the new user in); both land on the Library.
 */
export function LoginForm({ mode = 'login' }: { mode?: keyof typeof MODES }) {
  const texts = MODES[mode];
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [touched, setTouched] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(username, password);
    setTouched(true);
    setProblems(found);
    if (found.username || found.password) return;
    setSubmitting(true);
    try {
      const user = await texts.send({ username: username.trim(), password });
      // The one who signed in is the profile this tab shows: no picker, their own theme.
      writeLocal(PROFILE_KEY, String(user.id));
      markProfileChosen();
      window.location.assign('/');
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : texts.fallback;
      toast({ title: texts.failed, description: message, variant: 'destructive' });
      setSubmitting(false);
    }
  };

  const update = (name: 'username' | 'password', value: string) => {
    if (name === 'username') setUsername(value);
    else setPassword(value);
    if (touched) setProblems(validate(name === 'username' ? value : username, name === 'password' ? value : password));
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <Field label="Username" htmlFor={`${texts.id}-username`} error={problems.username}>
        <Input
          id={`${texts.id}-username`}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          value={username}
          onChange={(e) => update('username', e.target.value)}
          aria-invalid={problems.username ? true : undefined}
          aria-describedby={problems.username ? `${texts.id}-username-error` : undefined}
        />
      </Field>
      <Field label="Password" htmlFor={`${texts.id}-password`} error={problems.password}>
        <Input
          id={`${texts.id}-password`}
          name="password"
          type="password"
          autoComplete={texts.password}
          value={password}
          onChange={(e) => update('password', e.target.value)}
          aria-invalid={problems.password ? true : undefined}
          aria-describedby={problems.password ? `${texts.id}-password-error` : undefined}
        />
      </Field>
      <Button type="submit" className="mt-2 w-full" busy={submitting}>
        {texts.submit}
      </Button>
    </form>
  );
}
