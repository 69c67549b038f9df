import { afterEach, beforeEach, expect, test } from 'bun:test';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AppPasswordDto, UserDto } from '../../src/shared/types.ts';
import { AppShell } from '../app/app-shell.tsx';
import { useToastStore } from '../ui/toast-store.ts';

const user: UserDto = { id: 1, username: 'kiddo', isAdmin: false, displayPreference: 'artist' };
const realFetch = globalThis.fetch;
let rows: AppPasswordDto[] = [];
let calls: string[] = [];

beforeEach(() => {
  rows = [{ id: 7, name: 'Old tablet', createdAt: '2026-01-02T10:00:00.000Z', lastUsedAt: null }];
  calls = [];
  window.history.replaceState(null, '', '/account');
  // A small in-memory stand-in for the server's /api/app-passwords (the API has its own tests).
  globalThis.fetch = (async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push(`${method} ${input}`);
    if (input === '/api/app-passwords' && method === 'GET') return Response.json(rows);
    if (input === '/api/app-passwords' && method === 'POST') {
      const { name } = JSON.parse(String(init.body)) as { name: string };
      if (name === 'Taken') return Response.json({ error: 'You already have an app password named "Taken"' }, { status: 409 });
      const row = { id: 8, name, createdAt: '2026-02-03T10:00:00.000Z', lastUsedAt: null };
      rows = [...rows, row];
      return Response.json({ ...row, password: 'abcd-efgh-ijkm-npqr-stuv-wxyz' }, { status: 201 });
    }
    const revoked = /^\/api\/app-passwords\/(\d+)$/.exec(input);
    if (revoked && method === 'DELETE') {
      rows = rows.filter((row) => row.id !== Number(revoked[1]));
      return new Response(null, { status: 204 });
    }
    return Response.json([]);
  }) as unknown as typeof fetch;
});

afterEach(() => {
  cleanup();
  useToastStore.getState().dismiss();
  globalThis.fetch = realFetch;
});

test('lists app passwords by name and use; the account page says which server and username to use', async () => {
  render(<AppShell user={user} initialPath="/account" />);
  const list = await screen.findByRole('list', { name: 'Your app passwords' });
  expect(within(list).getByText('Old tablet')).toBeTruthy();
  expect(within(list).getByText(/Never used/)).toBeTruthy();
  const section = screen.getByRole('region', { name: 'App passwords' });
  expect(within(section).getByText('kiddo')).toBeTruthy();
  expect(within(section).getByText(window.location.origin)).toBeTruthy();
});

test('creating shows the password once; Done hides it and the list has the new name', async () => {
  render(<AppShell user={user} initialPath="/account" />);
  await screen.findByText('Old tablet');
  fireEvent.change(screen.getByLabelText('New app password for'), { target: { value: 'Car' } });
  fireEvent.click(screen.getByRole('button', { name: 'Create' }));
  expect((await screen.findByTestId('new-app-password')).textContent).toBe('abcd-efgh-ijkm-npqr-stuv-wxyz');
  expect(screen.getByText(/will not be shown again/)).toBeTruthy();
  await screen.findByText('Car', { selector: 'p' });
  fireEvent.click(screen.getByRole('button', { name: 'Done' }));
  expect(screen.queryByTestId('new-app-password')).toBeNull();
  expect(screen.queryByText('abcd-efgh-ijkm-npqr-stuv-wxyz')).toBeNull();
});

test("a blank name is caught before sending; the server's refusal is shown under the field", async () => {
  render(<AppShell user={user} initialPath="/account" />);
  await screen.findByText('Old tablet');
  fireEvent.click(screen.getByRole('button', { name: 'Create' }));
  expect(await screen.findByText(/Give the app password a name/)).toBeTruthy();
  expect(calls.filter((call) => call.startsWith('POST'))).toEqual([]);
  fireEvent.change(screen.getByLabelText('New app password for'), { target: { value: 'Taken' } });
  fireEvent.click(screen.getByRole('button', { name: 'Create' }));
  expect(await screen.findByText('You already have an app password named "Taken"')).toBeTruthy();
});

test('revoking asks first, then removes the row and says so', async () => {
  render(<AppShell user={user} initialPath="/account" />);
  fireEvent.click(await screen.findByRole('button', { name: 'Revoke Old tablet' }));
  const dialog = await screen.findByRole('alertdialog');
  expect(within(dialog).getByText(/stops working at once/)).toBeTruthy();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
  await waitFor(() => expect(calls).toContain('DELETE /api/app-passwords/7'));
  await waitFor(() => expect(screen.queryByText('Old tablet')).toBeNull());
  expect(useToastStore.getState().current?.title).toBe('App password revoked');
  expect(await screen.findByText('No app passwords yet.')).toBeTruthy();
});
