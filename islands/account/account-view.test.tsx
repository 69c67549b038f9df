import { afterEach, beforeEach, expect, test } from 'bun:test';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { DisplayPreference, UserDto } from '../../src/shared/types.ts';
import { AppShell } from '../app/app-shell.tsx';
import { useToastStore } from '../ui/toast-store.ts';

const user: UserDto = { id: 1, username: 'kiddo', isAdmin: false, displayPreference: 'artist' };
const realFetch = globalThis.fetch;

/** Each PATCH waits until the test answers it, so answers can come out of order or fail. */
let patches: { choice: DisplayPreference; answer: () => void; refuse: () => void }[] = [];

beforeEach(() => {
  patches = [];
  window.history.replaceState(null, '', '/account');
  globalThis.fetch = ((_input: string, init: RequestInit = {}) => {
    if (init.method !== 'PATCH') return Promise.resolve(Response.json([]));
    const { displayPreference } = JSON.parse(String(init.body)) as { displayPreference: DisplayPreference };
    return new Promise<Response>((resolve) => {
      patches.push({
        choice: displayPreference,
        answer: () => resolve(Response.json({ ...user, displayPreference })),
        refuse: () => resolve(Response.json({ error: 'Not today' }, { status: 400 })),
      });
    });
  }) as unknown as typeof fetch;
});

afterEach(() => {
  cleanup();
  useToastStore.getState().dismiss();
  globalThis.fetch = realFetch;
});

const checked = () => (screen.getAllByRole('radio') as HTMLInputElement[]).find((radio) => radio.checked)?.value;

test('a choice shows at once; of two quick choices the later stays, whatever order the answers come in', async () => {
  render(<AppShell user={user} initialPath="/account" />);
  // The view is its own chunk: it shows once loaded.
  await screen.findByLabelText('Show Album');
  expect(checked()).toBe('artist');
  // At once: not a tick later, when the cached user changes (meanwhile the old radio would be back).
  fireEvent.click(screen.getByLabelText('Show Album'));
  expect(checked()).toBe('album');
  await waitFor(() => expect(patches).toHaveLength(1));
  expect(checked()).toBe('album');
  fireEvent.click(screen.getByLabelText('Title Only'));
  expect(checked()).toBe('nothing');
  await waitFor(() => expect(patches).toHaveLength(2));
  expect(patches.map((p) => p.choice)).toEqual(['album', 'nothing']);
  await act(async () => patches[1]!.answer());
  await act(async () => patches[0]!.answer());
  // Past the cache's batched notifications: nothing flips back to 'album'.
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(checked()).toBe('nothing');
});

test("a refusal puts the previous choice back and shows the server's message", async () => {
  render(<AppShell user={user} initialPath="/account" />);
  fireEvent.click(await screen.findByLabelText('Artist & Album'));
  await waitFor(() => expect(checked()).toBe('artist-album'));
  await act(async () => patches[0]!.refuse());
  await waitFor(() => expect(checked()).toBe('artist'));
  expect(useToastStore.getState()).toMatchObject({ current: { title: 'Failed to save display preference', description: 'Not today' } });
});
