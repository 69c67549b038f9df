import { afterEach, expect, test } from 'bun:test';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import type { AlbumDto } from '../../src/shared/types.ts';
import { createQueryClient } from '../app/query-client.ts';
import { albumKeys } from '../lib/api/albums.ts';
import { useToastStore } from '../ui/toast-store.ts';
import { json, restoreFetch, stubFetch, withQueries } from './dialog.test-harness.tsx';
import { DeleteAlbumDialog } from './delete-album-dialog.tsx';

const album: AlbumDto = { id: 7, name: 'Lullabies', artworkUrl: null, shareId: 's7', createdAt: '2026-01-01T00:00:00.000Z', deletedAt: null };
let deleted = 0;

afterEach(() => {
  cleanup();
  restoreFetch();
  useToastStore.getState().dismiss();
  deleted = 0;
});

function Harness() {
  const [open, setOpen] = useState(true);
  return <DeleteAlbumDialog album={album} open={open} onOpenChange={setOpen} onDeleted={() => (deleted += 1)} />;
}

const confirmButton = () => screen.getByRole('button', { name: 'Delete' }) as HTMLButtonElement;
const settle = () => act(async () => {});

test('asks first, naming the album; Cancel closes without a request', async () => {
  const calls = stubFetch(() => new Response(null, { status: 204 }));
  render(withQueries(<Harness />));
  const dialog = screen.getByRole('alertdialog', { name: 'Delete Album?' });
  expect(dialog.textContent).toContain('"Lullabies"');
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
  expect(screen.queryByRole('alertdialog')).toBeNull();
  expect(calls).toEqual([]);
  expect(deleted).toBe(0);
});

test('a delete is busy until the server answers, then forgets the album, says so and moves on', async () => {
  const client = createQueryClient();
  client.setQueryData(albumKeys.one('7'), album);
  client.setQueryData(albumKeys.songs('7'), []);
  let release!: () => void;
  const answered = new Promise<void>((resolve) => (release = resolve));
  const calls = stubFetch(async () => {
    await answered;
    return new Response(null, { status: 204 });
  });
  render(withQueries(<Harness />, client));
  await act(async () => fireEvent.click(confirmButton()));
  expect(confirmButton().disabled).toBe(true);
  expect(deleted).toBe(0);
  await act(async () => release());
  await settle();
  expect(calls).toEqual([{ url: '/api/albums/7', method: 'DELETE', body: undefined }]);
  expect(deleted).toBe(1);
  expect(client.getQueryData(albumKeys.one('7'))).toBeUndefined();
  expect(client.getQueryData(albumKeys.songs('7'))).toBeUndefined();
  expect(useToastStore.getState().current).toMatchObject({ title: 'Album deleted', description: 'The album has been moved to trash' });
  expect(screen.queryByRole('alertdialog')).toBeNull();
});

test("a refusal shows the server's message and closes the confirmation", async () => {
  stubFetch(() => json(403, { error: 'Only an admin can do that' }));
  render(withQueries(<Harness />));
  await act(async () => fireEvent.click(confirmButton()));
  await settle();
  expect(useToastStore.getState().current).toMatchObject({ title: 'Failed to delete album', description: 'Only an admin can do that', variant: 'destructive' });
  expect(screen.queryByRole('alertdialog')).toBeNull();
  expect(deleted).toBe(0);
});

test('a request that never reached the server gets the permission text', async () => {
  stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
  render(withQueries(<Harness />));
  await act(async () => fireEvent.click(confirmButton()));
  await settle();
  expect(useToastStore.getState().current).toMatchObject({ title: 'Failed to delete album', description: "You don't have permission to delete this album" });
  expect(deleted).toBe(0);
});
