import { afterEach, expect, test } from 'bun:test';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import type { AlbumDto } from '../../src/shared/types.ts';
import { createQueryClient } from '../app/query-client.ts';
import { albumKeys } from '../lib/api/albums.ts';
import { useToastStore } from '../ui/toast-store.ts';
import { json, restoreFetch, stubFetch, withQueries } from './dialog.test-harness.tsx';
import { RenameAlbumDialog } from './rename-album-dialog.tsx';

const album: AlbumDto = { id: 7, name: 'Lullabies', artworkUrl: null, shareId: 's7', createdAt: '2026-01-01T00:00:00.000Z', deletedAt: null };
let closes = 0;

afterEach(() => {
  cleanup();
  restoreFetch();
  useToastStore.getState().dismiss();
  closes = 0;
});

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <RenameAlbumDialog
        album={album}
        open={open}
        onOpenChange={(next) => {
          if (!next) closes += 1;
          setOpen(next);
        }}
      />
    </>
  );
}

const nameField = () => screen.getByLabelText('Name') as HTMLInputElement;
const save = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
const settle = () => act(async () => {});

test('opens on the current name; a blank name disables Save and Enter sends nothing', async () => {
  const calls = stubFetch(() => json(200, album));
  render(withQueries(<Harness />));
  expect(screen.getByRole('dialog', { name: 'Rename Album' })).toBeTruthy();
  expect(nameField().value).toBe('Lullabies');
  expect(save().disabled).toBe(false);
  fireEvent.change(nameField(), { target: { value: '   ' } });
  expect(save().disabled).toBe(true);
  await act(async () => fireEvent.submit(nameField().closest('form')!));
  expect(calls).toEqual([]);
  expect(screen.getByRole('dialog', { name: 'Rename Album' })).toBeTruthy();
});

test('a rename sends the trimmed name, updates the cached album, says so and closes', async () => {
  const client = createQueryClient();
  client.setQueryData(albumKeys.one('7'), album);
  let release!: () => void;
  const answered = new Promise<void>((resolve) => (release = resolve));
  const calls = stubFetch(async () => {
    await answered;
    return json(200, { ...album, name: 'Bedtime' });
  });
  render(withQueries(<Harness />, client));
  fireEvent.change(nameField(), { target: { value: '  Bedtime ' } });
  await act(async () => fireEvent.submit(nameField().closest('form')!));
  expect(save().getAttribute('aria-busy')).toBe('true');
  await act(async () => release());
  await settle();
  expect(calls).toEqual([{ url: '/api/albums/7', method: 'PATCH', body: { name: 'Bedtime' } }]);
  expect(client.getQueryData<AlbumDto>(albumKeys.one('7'))?.name).toBe('Bedtime');
  expect(useToastStore.getState().current).toMatchObject({ title: 'Album updated', description: 'The album has been renamed' });
  expect(closes).toBe(1);
  expect(screen.queryByRole('dialog')).toBeNull();
});

test("a refusal shows the server's message and closes the dialog", async () => {
  stubFetch(() => json(409, { error: 'An album named "Naps" already exists' }));
  render(withQueries(<Harness />));
  fireEvent.change(nameField(), { target: { value: 'Naps' } });
  await act(async () => fireEvent.click(save()));
  await settle();
  expect(useToastStore.getState().current).toMatchObject({
    title: 'Failed to rename album',
    description: 'An album named "Naps" already exists',
    variant: 'destructive',
  });
  expect(closes).toBe(1);
});

test('a request that never reached the server gets the permission text', async () => {
  stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
  render(withQueries(<Harness />));
  await act(async () => fireEvent.click(save()));
  await settle();
  expect(useToastStore.getState().current).toMatchObject({ title: 'Failed to rename album', description: "You don't have permission to rename this album" });
  expect(closes).toBe(1);
});

test('Cancel closes without a request, and reopening starts from the current name', async () => {
  const calls = stubFetch(() => json(200, album));
  render(withQueries(<Harness />));
  fireEvent.change(nameField(), { target: { value: 'Half typed' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
  expect(closes).toBe(1);
  expect(screen.queryByRole('dialog')).toBeNull();
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Open' })));
  expect(nameField().value).toBe('Lullabies');
  expect(calls).toEqual([]);
});
