import { afterEach, expect, jest, test } from 'bun:test';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { toast, useToastStore } from './toast-store.ts';
import { Toaster } from './toaster.tsx';

afterEach(() => {
  cleanup();
  useToastStore.getState().dismiss();
});

test('one toast at a time: a new one replaces the previous', () => {
  render(<Toaster />);
  act(() => void toast({ title: 'Link copied!' }));
  act(() => void toast({ title: 'Login failed', description: 'Invalid credentials', variant: 'destructive' }));
  expect(screen.getAllByTestId('toast')).toHaveLength(1);
  expect(screen.getByText('Login failed')).toBeTruthy();
  expect(screen.queryByText('Link copied!')).toBeNull();
});

test('the close button dismisses it', () => {
  render(<Toaster />);
  act(() => void toast({ title: 'Playlist created' }));
  fireEvent.click(screen.getByRole('button', { name: 'Close' }));
  expect(screen.queryByTestId('toast')).toBeNull();
});

test('a swipe right beyond 50 px dismisses it; a shorter one does not', () => {
  render(<Toaster />);
  act(() => void toast({ title: 'Song added!' }));
  const swipe = (dx: number) => {
    const el = screen.getByTestId('toast');
    fireEvent.pointerDown(el, { clientX: 100 });
    fireEvent.pointerMove(el, { clientX: 100 + dx });
    fireEvent.pointerUp(el, { clientX: 100 + dx });
  };
  swipe(30);
  expect(screen.getByTestId('toast')).toBeTruthy();
  swipe(80);
  expect(screen.queryByTestId('toast')).toBeNull();
});

test('F8 focuses the notification area', () => {
  render(<Toaster />);
  fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
  expect(document.activeElement?.closest('[aria-label="Notifications (F8)"]')).not.toBeNull();
});

test('it disappears after 5 seconds', () => {
  // On fake timers (Date.now moves with them): the 5 s are counted, not waited for.
  jest.useFakeTimers();
  try {
    render(<Toaster />);
    const started = Date.now();
    act(() => void toast({ title: 'Status updated!' }));
    expect(screen.getByTestId('toast')).toBeTruthy();
    act(() => void jest.advanceTimersByTime(4900));
    expect(screen.queryByTestId('toast')).not.toBeNull();
    act(() => void jest.advanceTimersByTime(200));
    expect(screen.queryByTestId('toast')).toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(5000);
  } finally {
    jest.useRealTimers();
  }
});
