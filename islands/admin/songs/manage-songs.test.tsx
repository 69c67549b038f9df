import { afterEach, beforeEach, expect, test } from 'bun:test';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { SongDto, UserDto } from '../../../src/shared/types.ts';
import { createQueryClient } from '../../app/query-client.ts';
import { UserContext } from '../../app/user-context.ts';
import { useToastStore } from '../../ui/toast-store.ts';
import { ManageSongs } from './manage-songs.tsx';

const admin: UserDto = { id: 1, username: 'mum', isAdmin: true, displayPreference: 'artist' };
const realFetch = globalThis.fetch;
const song = (id: number): SongDto => ({
  id, title: `Song ${String(id).padStart(4, '0')}`, artist: `Artist ${id}`, tags: [], albumId: null, albumName: null, albumOrder: null,
  artworkUrl: null, audioUrl: `/media/songs/s${id}/h${id}.mp3`, duration: 60, fileSize: 1000, status: 'pending', userId: 1,
  shareId: `s${id}`, createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, id)).toISOString(), deletedAt: null, originalFilename: null, hasLyrics: false, explicit: false, trackGain: null, albumGain: null, trackPeak: null, albumPeak: null, encoderTrim: null,
  genres: [], year: null, discNumber: null, trackNumber: null,
});

let catalogue: SongDto[] = [];
let requests: { method: string; path: string; body: unknown }[] = [];
/** Each bulk request waits for the test, so progress can be read between chunks. */
let pendingBulk: { ids: number[]; answer: (ok: boolean) => void }[] = [];
/** A song another admin trashes between the order's answer and its rows' (then gone from both). */
let trashedBeforeRows: number | null = null;
/** Rows asked for while set wait for the test to answer them. */
let heldRows: (() => void)[] | null = null;

beforeEach(() => {
  requests = [];
  pendingBulk = [];
  trashedBeforeRows = null;
  heldRows = null;
  globalThis.fetch = ((input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push({ method, path: input, body });
    // The server's side of Manage Songs: its order as ids (Recently Added here), then rows by id.
    if (input.startsWith('/api/songs/all/ids?')) {
      const album = new URLSearchParams(input.split('?')[1]).get('album');
      const listed = catalogue.filter((s) => album === 'all' || String(s.albumId) === album);
      const newest = listed.sort((a, b) => (a.createdAt === b.createdAt ? b.id - a.id : a.createdAt < b.createdAt ? 1 : -1));
      return Promise.resolve(Response.json({ ids: newest.map((s) => s.id), total: listed.length }));
    }
    if (input.startsWith('/api/songs/all/rows?ids=')) {
      catalogue = catalogue.filter((s) => s.id !== trashedBeforeRows);
      const ids = input.slice('/api/songs/all/rows?ids='.length).split(',').map(Number);
      const answer = () => Response.json(ids.flatMap((id) => catalogue.filter((s) => s.id === id)));
      if (heldRows) return new Promise<Response>((resolve) => heldRows!.push(() => resolve(answer())));
      return Promise.resolve(answer());
    }
    if (input === '/api/albums') return Promise.resolve(Response.json([{ id: 5, name: 'Bedtime', artworkUrl: null, shareId: 'a', createdAt: '', deletedAt: null }]));
    if (input.startsWith('/api/songs/bulk/')) {
      return new Promise<Response>((resolve) => {
        pendingBulk.push({
          ids: body.songIds,
          answer: (ok) => resolve(ok ? Response.json({ count: body.songIds.length }) : Response.json({ error: `Song not found: ${body.songIds[3]}` }, { status: 404 })),
        });
      });
    }
    if (method === 'PATCH') return Promise.resolve(Response.json({ ...catalogue.find((s) => input === `/api/songs/${s.id}`), ...body }));
    return Promise.resolve(Response.json({ error: 'unexpected' }, { status: 500 }));
  }) as unknown as typeof fetch;
});

afterEach(() => {
  cleanup();
  useToastStore.getState().dismiss();
  globalThis.fetch = realFetch;
});

const renderManage = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <UserContext.Provider value={admin}>
        <ManageSongs />
      </UserContext.Provider>
    </QueryClientProvider>,
  );

const bar = () => screen.getByRole('region', { name: 'Bulk actions' });

test('Select All then Publish over 2,500 songs: three sequential chunks with progress; the failed middle chunk is named and stays selected', async () => {
  catalogue = Array.from({ length: 2500 }, (_, i) => song(i + 1));
  renderManage();
  await screen.findAllByTestId('manage-row');
  fireEvent.click(screen.getByRole('button', { name: 'Select All' }));
  expect(within(bar()).getByTestId('selected-count').textContent).toBe('2,500 selected');
  screen.getByRole('button', { name: 'Deselect All' });

  fireEvent.click(within(bar()).getByRole('button', { name: 'Publish' }));
  await waitFor(() => expect(pendingBulk.length).toBe(1));
  expect(within(bar()).getByRole('status').textContent).toContain('Publishing 1,000 of 2,500…');
  // While it runs, its selection cannot be changed from the controls.
  expect((screen.getByRole('button', { name: 'Deselect All' }) as HTMLButtonElement).disabled).toBe(true);
  // Recently Added order: the newest song (id 2500) is first.
  expect(pendingBulk[0]!.ids.slice(0, 2)).toEqual([2500, 2499]);
  await act(async () => pendingBulk[0]!.answer(true));
  await waitFor(() => expect(pendingBulk.length).toBe(2));
  expect(within(bar()).getByRole('status').textContent).toContain('Publishing 2,000 of 2,500…');
  await act(async () => pendingBulk[1]!.answer(false));
  await waitFor(() => expect(pendingBulk.length).toBe(3));
  await act(async () => pendingBulk[2]!.answer(true));

  await waitFor(() => expect(within(bar()).getByRole('alert').textContent).toBe(`Songs 1,001–2,000 failed: Song not found: ${pendingBulk[1]!.ids[3]}`));
  expect(useToastStore.getState().current).toMatchObject({ title: 'Error', description: 'Failed to publish songs', variant: 'destructive' });
  expect(within(bar()).getByTestId('selected-count').textContent).toBe('1,000 selected');
  expect(requests.filter((r) => r.path === '/api/songs/bulk/publish').map((r) => (r.body as { songIds: number[] }).songIds.length)).toEqual([1000, 1000, 500]);
  screen.getByRole('button', { name: 'Select All' });
});

test('all chunks succeed: the success toast, and the selection empties (the bar goes)', async () => {
  catalogue = Array.from({ length: 3 }, (_, i) => song(i + 1));
  renderManage();
  await screen.findAllByTestId('manage-row');
  fireEvent.click(screen.getByRole('checkbox', { name: 'Select Song 0002' }));
  fireEvent.click(within(bar()).getByRole('button', { name: 'Unpublish' }));
  await waitFor(() => expect(pendingBulk.length).toBe(1));
  expect(pendingBulk[0]!.ids).toEqual([2]);
  await act(async () => pendingBulk[0]!.answer(true));
  await waitFor(() => expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull());
  expect(useToastStore.getState().current).toMatchObject({ title: 'Songs unpublished!' });
});

test('the edit form: Enter adds a trimmed tag, a duplicate or blank is ignored, a chip can be removed; Save Changes sends all five fields', async () => {
  catalogue = [{ ...song(1), tags: ['calm'] }];
  renderManage();
  fireEvent.click(await screen.findByRole('button', { expanded: false }));
  const form = await screen.findByRole('form', { name: 'Edit song' });
  const tagBox = within(form).getByLabelText('Tags');
  for (const typed of ['  bedtime ', 'Calm', '   ', 'soft']) {
    fireEvent.change(tagBox, { target: { value: typed } });
    fireEvent.keyDown(tagBox, { key: 'Enter' });
  }
  const chips = () => within(form).getByRole('list', { name: 'Current tags' }).textContent;
  expect(chips()).toBe('calmbedtimesoft');
  fireEvent.click(within(form).getByRole('button', { name: 'Remove tag soft' }));
  expect(chips()).toBe('calmbedtime');
  expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
  fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'Night Night' } });
  fireEvent.change(within(form).getByLabelText('Album'), { target: { value: '5' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
  await waitFor(() => expect(useToastStore.getState().current?.title).toBe('Song updated!'));
  expect(requests.find((r) => r.method === 'PATCH')).toEqual({
    method: 'PATCH', path: '/api/songs/1', body: { title: 'Night Night', artist: 'Artist 1', albumId: 5, tags: ['calm', 'bedtime'], explicit: false },
  });
});

test('another filter keeps the rows already read on screen while its own are read: an expanded row keeps what is typed', async () => {
  catalogue = [{ ...song(1), albumId: 5 }, song(2), { ...song(3), albumId: 5 }];
  renderManage();
  const row = async () => (await screen.findByText('Song 0001')).closest('[data-testid="manage-row"]') as HTMLElement;
  fireEvent.click(within(await row()).getByRole('button', { expanded: false }));
  const title = () => within(screen.getByRole('form', { name: 'Edit song' })).getByLabelText('Title') as HTMLInputElement;
  await waitFor(() => expect(title().value).toBe('Song 0001'));
  fireEvent.change(title(), { target: { value: 'Half typed' } });
  heldRows = [];
  fireEvent.change(within(screen.getByRole('group', { name: 'List options' })).getByLabelText('Album'), { target: { value: '5' } });
  // The filtered order is in (two songs), its rows are still on their way: the rows read before stand in.
  await waitFor(() => expect([screen.getByRole('list', { name: 'Manage songs' }).dataset.count, heldRows!.length]).toEqual(['2', 1]));
  expect(screen.queryAllByTestId('manage-row-placeholder')).toHaveLength(0);
  expect(title().value).toBe('Half typed');
  await act(async () => heldRows!.forEach((answer) => answer()));
  expect(title().value).toBe('Half typed');
  expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
});

test('a song trashed between the order and its rows: the order is read again, no placeholder stays and no bulk action counts it', async () => {
  catalogue = Array.from({ length: 3 }, (_, i) => song(i + 1));
  trashedBeforeRows = 2;
  renderManage();
  await waitFor(() => expect(screen.getAllByTestId('manage-row').length).toBe(2));
  await waitFor(() => expect(screen.queryAllByTestId('manage-row-placeholder')).toEqual([]));
  expect(requests.filter((r) => r.path.startsWith('/api/songs/all/ids?')).length).toBe(2);
  screen.getByText('2 songs');
  fireEvent.click(screen.getByRole('button', { name: 'Select All' }));
  expect(within(bar()).getByTestId('selected-count').textContent).toBe('2 selected');
});
