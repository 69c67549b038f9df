import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { MESSAGES, PASSWORD_MAX, PASSWORD_MIN } from '../../src/shared/validation.ts';
import { userApi } from '../lib/api/user.ts';
import { Button } from '../ui/button.tsx';
import { Field, Input } from '../ui/input.tsx';
import { toast } from '../ui/toast-store.ts';

const EMPTY = { current: '', next: '', confirm: '' };
type Values = typeof EMPTY;
type Problems = Partial<Record<keyof Values, string>>;

/** The sign-up's rules and texts (src/shared/validation.ts), checked before the server is asked. */
function problemsOf({ current, next, confirm }: Values): Problems {
  const problems: Problems = {};
  if (!current) problems.current = 'Enter your current password';
  if (next.length < PASSWORD_MIN) problems.next = MESSAGES.passwordTooShort;
  else if (next.length > PASSWORD_MAX) problems.next = MESSAGES.passwordTooLong;
  else if (confirm !== next) problems.confirm = 'The new passwords do not match';
  return problems;
}

/**
 * Account: every member changes their own password with the current one. The server signs their
 * other devices out and keeps this one signed in (docs/decisions/117-changing-your-own-password.md).
 */
export function PasswordSection({ username }: { username: string }) {
  const id = useId();
  const [values, setValues] = useState(EMPTY);
  const [tried, setTried] = useState(false);
  const problems = tried ? problemsOf(values) : {};
  const change = useMutation({
    mutationFn: () => userApi.changePassword({ currentPassword: values.current, newPassword: values.next }),
    onSuccess: () => {
      setValues(EMPTY);
      setTried(false);
      toast({ title: 'Password changed', description: 'You were signed out on your other devices.' });
    },
    onError: (failure) => toast({ title: 'Failed to change password', description: failure.message || 'Please try again.', variant: 'destructive' }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (Object.keys(problemsOf(values)).length === 0) change.mutate();
  };
  const field = (key: keyof Values, label: string, autoComplete: string) => (
    <Field label={label} htmlFor={`${id}-${key}`} error={problems[key]}>
      <Input
        id={`${id}-${key}`}
        type="password"
        autoComplete={autoComplete}
        value={values[key]}
        onChange={(event) => setValues({ ...values, [key]: event.target.value })}
        aria-invalid={problems[key] ? true : undefined}
        aria-describedby={problems[key] ? `${id}-${key}-error` : undefined}
      />
    </Field>
  );
  return (
    <section aria-labelledby={`${id}-heading`} className="grid min-w-0 gap-4">
      <div className="grid gap-1.5">
        <h2 id={`${id}-heading`} className="text-base font-semibold">Password</h2>
        <p className="text-sm text-muted-foreground">Changing it signs you out on your other devices. Your app passwords keep working.</p>
      </div>
      <form onSubmit={submit} noValidate aria-label="Change Password" className="grid max-w-md gap-4">
        {/* For password managers: which account the new password belongs to. */}
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        {field('current', 'Current Password', 'current-password')}
        {field('next', 'New Password', 'new-password')}
        {field('confirm', 'Confirm New Password', 'new-password')}
        <Button type="submit" busy={change.isPending} className="sm:justify-self-start">
          Change Password
        </Button>
      </form>
    </section>
  );
}
