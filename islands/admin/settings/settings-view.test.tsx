import { afterEach, beforeEach, expect, test } from 'bun:test';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AccountDto } from '../../../src/shared/schemas/accounts.ts';
import type { SettingsDto, UserDto } from '../../../src/shared/types.ts';
import { createQueryClient } from '../../app/query-client.ts';
import { UserContext } from '../../app/user-context.ts';
import { useToastStore } from '../../ui/toast-store.ts';
import { LAST_ADMIN_NOTE, removalText } from './accounts-section.tsx';
import { SettingsView } from './settings-view.tsx';

const me: UserDto = { id: 1, username: 'mum', isAdmin: true, displayPreference: 'nothing' };
const account = (id: number, username: string, isAdmin: boolean, playlistCount = 0): AccountDto => ({ id, username, isAdmin, playlistCount, createdAt: '2026-11-22T10:00:00.000Z', restrictions: { clean: false, albumIds: null } });
const realFetch = globalThis.fetch;

let settings: SettingsDto;
let accounts: AccountDto[];
let failAccounts: number;
/** PATCH /api/settings answers when the test says, with the answer it chooses. */
let pendingPatch: ((response: Response) => void) | null;

beforeEach(() => {
  settings = { registrationOpen: false, defaultShareExpiry: 'never', guestQuota: { usedBytes: 0, limitBytes: 2048 * 1048576 }, ffmpegVersion: '7.1.1', normalisation: 'auto', loudness: { measured: 12, pending: 3, failed: 1, failures: [{ id: 9, title: 'Old Tape', reason: 'The audio file is missing' }] } };
  accounts = [account(2, 'kid', false, 3), account(1, 'mum', true)];
  failAccounts = 0;
  pendingPatch = null;
  globalThis.fetch = ((path: string, init: RequestInit = {}) => {
    if (path === '/api/settings' && init.method === 'PATCH') return new Promise<Response>((resolve) => (pendingPatch = resolve));
    if (path === '/api/settings') return Promise.resolve(Response.json(settings));
    if (path === '/api/users' && failAccounts-- > 0) return Promise.resolve(Response.json({ error: 'Database is busy' }, { status: 503 }));
    if (path === '/api/users') return Promise.resolve(Response.json(accounts));
    if (path === '/api/temp-shares') return Promise.resolve(Response.json([]));
    if (path === '/api/radio-stations') return Promise.resolve(Response.json([]));
    return Promise.resolve(Response.json({ error: 'unexpected' }, { status: 500 }));
  }) as unknown as typeof fetch;
});

afterEach(() => {
  cleanup();
  useToastStore.getState().dismiss();
  globalThis.fetch = realFetch;
});

const show = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <UserContext.Provider value={me}>
        <SettingsView />
      </UserContext.Provider>
    </QueryClientProvider>,
  );

test('the only admin carries the note saying why it cannot be demoted or removed; with two admins neither does', async () => {
  show();
  await screen.findByText(LAST_ADMIN_NOTE);
  const rows = screen.getAllByTestId('account-row');
  expect(rows.map((row) => within(row).queryByTestId('last-admin-note') !== null)).toEqual([false, true]);
  expect(within(rows[0]!).getByText('3 playlists')).toBeTruthy();
  cleanup();
  accounts = [account(2, 'kid', true), account(1, 'mum', true)];
  show();
  await waitFor(() => expect(screen.getAllByTestId('account-row')).toHaveLength(2));
  expect(screen.queryByText(LAST_ADMIN_NOTE)).toBeNull();
});

test('the removal confirmation counts the playlists that go', () => {
  expect(removalText(account(3, 'nan', false, 0))).toBe('"nan" will no longer be able to log in. They have no playlists. This cannot be undone.');
  expect(removalText(account(3, 'nan', false, 1))).toBe('"nan" will no longer be able to log in. Their 1 playlist will be removed too. This cannot be undone.');
  expect(removalText(account(3, 'nan', false, 4))).toContain('Their 4 playlists will be removed too.');
});

test('a settings change shows at once; a refusal puts it back with the server message', async () => {
  show();
  const toggle = await screen.findByRole('switch', { name: 'Open registration' });
  fireEvent.click(toggle);
  await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
  expect(screen.getByTestId('registration-state').textContent).toBe('Open');
  await waitFor(() => expect(pendingPatch).not.toBeNull());
  await act(async () => pendingPatch!(Response.json({ error: 'Only an admin can do that' }, { status: 403 })));
  await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
  expect(useToastStore.getState().current).toMatchObject({ title: 'Failed to save settings', description: 'Only an admin can do that', variant: 'destructive' });
});

test('an accepted change keeps the server answer and says so', async () => {
  show();
  const toggle = await screen.findByRole('switch', { name: 'Open registration' });
  fireEvent.click(toggle);
  await waitFor(() => expect(pendingPatch).not.toBeNull());
  await act(async () => pendingPatch!(Response.json({ ...settings, registrationOpen: true })));
  await waitFor(() => expect(useToastStore.getState().current?.title).toBe('Settings saved'));
  expect(toggle.getAttribute('aria-checked')).toBe('true');
});

test('a failed list read says so and Try Again reads it again', async () => {
  failAccounts = 1;
  show();
  await screen.findByText('Failed to load accounts');
  fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
  await waitFor(() => expect(screen.getAllByTestId('account-row')).toHaveLength(2));
  expect(screen.queryByText('Failed to load accounts')).toBeNull();
});

test('Phone Apps says whether transcoding is on: the ffmpeg version found, or how to turn it on', async () => {
  show();
  expect((await screen.findByTestId('transcoding-state')).textContent).toBe('Transcoding on (ffmpeg 7.1.1): apps can ask for smaller files on mobile data.');
  cleanup();
  settings = { ...settings, ffmpegVersion: null };
  show();
  expect((await screen.findByTestId('transcoding-state')).textContent).toContain('Transcoding off: ffmpeg was not found when Hearth started');
});

test('Loudness shows the measurement counts, each failure with its reason, and the normalisation', async () => {
  show();
  expect((await screen.findByTestId('loudness-counts')).textContent).toBe('12 measured · 3 waiting · 1 failed');
  const failures = screen.getByRole('list', { name: 'Songs that could not be measured' });
  expect(failures.textContent).toBe('Old Tape: The audio file is missing');
  expect(screen.getByLabelText('Normalisation').textContent).toBe('Albums as a whole (auto)');
});
