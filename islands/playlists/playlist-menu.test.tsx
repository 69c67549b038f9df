import { afterEach, expect, test } from 'bun:test';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { PlaylistDto } from '../../src/shared/types.ts';
import { json, restoreFetch, stubFetch, withQueries } from '../albums/dialog.test-harness.tsx';
import { RouterContext } from '../app/router.ts';
import { useToastStore } from '../ui/toast-store.ts';
import { PlaylistMenu } from './playlist-menu.tsx';

const playlist: PlaylistDto = { id: 9, name: 'Car Songs', artworkUrl: null, shareId: 'p9', userId: 1, createdAt: '2026-01-01T00:00:00.000Z' };
let visited: string[] = [];

afterEach(() => {
  cleanup();
  restoreFetch();
  useToastStore.getState().dismiss();
  localStorage.clear();
  visited = [];
});

function renderMenu(shown: PlaylistDto = playlist) {
  render(
    withQueries(
      <RouterContext.Provider value={{ path: '/playlists/9', navigate: (to) => void visited.push(to), replace: (to) => void visited.push(to) }}>
        <PlaylistMenu playlist={shown} onAddSongs={() => visited.push('add songs')} />
      </RouterContext.Provider>,
    ),
  );
}

/** Radix opens its menu on pointerdown (and on Enter from the keyboard). */
async function choose(item: string) {
  const trigger = screen.getByRole('button', { name: 'Playlist options' });
  await act(async () => fireEvent.keyDown(trigger, { key: 'Enter' }));
  await act(async () => fireEvent.click(screen.getByRole('menuitem', { name: item })));
}

const toastNow = () => useToastStore.getState().current;

test('the menu offers Share only when the playlist has a shareId', async () => {
  renderMenu();
  await act(async () => fireEvent.keyDown(screen.getByRole('button', { name: 'Playlist options' }), { key: 'Enter' }));
  expect(screen.getAllByRole('menuitem').map((el) => el.textContent)).toEqual(['Add Songs', 'Share', 'Rename', 'Delete']);
  cleanup();
  renderMenu({ ...playlist, shareId: '' });
  await act(async () => fireEvent.keyDown(screen.getByRole('button', { name: 'Playlist options' }), { key: 'Enter' }));
  expect(screen.getAllByRole('menuitem').map((el) => el.textContent)).toEqual(['Add Songs', 'Rename', 'Delete']);
  await act(async () => fireEvent.click(screen.getByRole('menuitem', { name: 'Add Songs' })));
  expect(visited).toEqual(['add songs']);
});

test('rename sends the trimmed name and says so; a refusal shows the server\'s message and closes', async () => {
  let refuse = false;
  const calls = stubFetch(({ body }) => (refuse ? json(403, { error: 'Only the person who made this playlist (or an admin) can change it' }) : json(200, { ...playlist, ...(body as object) })));
  renderMenu();
  await choose('Rename');
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: '  Road Songs  ' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([['PATCH', '/api/playlists/9', { name: 'Road Songs' }]]);
  expect(toastNow()?.title).toBe('Playlist updated');
  refuse = true;
  await choose('Rename');
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(toastNow()).toMatchObject({ title: 'Failed to rename playlist', description: 'Only the person who made this playlist (or an admin) can change it', variant: 'destructive' });
});

test('delete: a dropped connection closes the confirmation with the fallback text; success goes to /playlists and forgets it', async () => {
  let drop = true;
  stubFetch(() => {
    if (drop) throw new TypeError('Failed to fetch');
    return new Response(null, { status: 204 });
  });
  localStorage.setItem('lastViewedPlaylist', '9');
  renderMenu();
  await choose('Delete');
  expect(screen.getByRole('alertdialog', { name: 'Delete Playlist?' }).textContent).toContain('"Car Songs" will be moved to the trash.');
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete' })));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  expect(toastNow()).toMatchObject({ title: 'Failed to delete playlist', description: 'An error occurred while deleting the playlist' });
  expect(visited).toEqual([]);
  drop = false;
  await choose('Delete');
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete' })));
  await waitFor(() => expect(visited).toEqual(['/playlists']));
  expect(toastNow()).toMatchObject({ title: 'Playlist deleted', description: 'Moved to trash' });
  expect(localStorage.getItem('lastViewedPlaylist')).toBeNull();
});
