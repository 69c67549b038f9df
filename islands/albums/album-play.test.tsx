import { afterEach, expect, test } from 'bun:test';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { AlbumDto } from '../../src/shared/types.ts';
import { playerAudio, usePlayer } from '../player/player-store.ts';
import { AlbumHero } from './album-hero.tsx';
import { AlbumSongs } from './album-songs.tsx';
import { withQueries } from './dialog.test-harness.tsx';
import { songDto } from '../../src/testing/dto-builders.ts';

const album: AlbumDto = { id: 3, name: 'Naps', artworkUrl: null, shareId: 's3', createdAt: '2026-01-01T00:00:00.000Z', deletedAt: null };
const song = (id: number, title: string, duration: number) =>
  songDto({ id, title, artist: 'Gran', audioUrl: `/media/songs/s${id}/h.mp3`, duration, shareId: `x${id}` });
const songs = [song(1, 'One', 125), song(2, 'Two', 3000), song(3, 'Three', 600)];

afterEach(() => {
  cleanup();
  playerAudio()?.pause();
});

test('Play starts the first song and a row its own, each within the album', async () => {
  render(withQueries(<><AlbumHero album={album} songs={songs} /><AlbumSongs songs={songs} /></>));
  expect(screen.getByTestId('album-stats').textContent).toBe('3 songs • 1 hr 2 min');
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Play' })));
  expect(usePlayer.getState()).toMatchObject({ queue: songs, index: 0, context: 'album' });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: /^Three/ })));
  expect(usePlayer.getState()).toMatchObject({ queue: songs, index: 2, context: 'album' });
  expect(screen.getByRole('button', { name: /^Three/ }).getAttribute('aria-current')).toBe('true');
});

test('nothing to play when the album is empty or its songs did not load', () => {
  render(withQueries(<AlbumHero album={album} songs={[]} />));
  expect((screen.getByRole('button', { name: 'Play' }) as HTMLButtonElement).disabled).toBe(true);
  expect(screen.getByTestId('album-stats').textContent).toBe('0 songs');
  cleanup();
  render(withQueries(<AlbumHero album={album} songs={undefined} />));
  expect((screen.getByRole('button', { name: 'Play' }) as HTMLButtonElement).disabled).toBe(true);
  expect(screen.queryByTestId('album-stats')).toBeNull();
});
