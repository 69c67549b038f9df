import { afterEach, expect, test } from 'bun:test';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useToastStore } from '../ui/toast-store.ts';
import { Toaster } from '../ui/toaster.tsx';
import { ShareAudioForm } from './share-audio-form.tsx';

afterEach(() => {
  cleanup();
  useToastStore.getState().dismiss();
});

const audioFile = (name: string, bytes: number) => new File([new Uint8Array(bytes)], name, { type: 'audio/mpeg' });

function choose(file: File) {
  const input = screen.getByTestId('file-input') as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
}

test('choosing a file shows its name and size in MB and prefills the title', () => {
  render(<ShareAudioForm signedIn={false} isAdmin={false} />);
  const button = screen.getByRole('button', { name: 'Create Share Link' }) as HTMLButtonElement;
  expect(button.disabled).toBe(true);
  choose(audioFile('Birthday Song.final.mp3', 3_407_872));
  expect(screen.getByTestId('file-name').textContent).toBe('Birthday Song.final.mp3');
  expect(screen.getByTestId('file-size').textContent).toBe('3.25 MB');
  expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Birthday Song.final');
  expect(button.disabled).toBe(false);
  fireEvent.change(screen.getByLabelText('Title'), { target: { value: '   ' } });
  expect(button.disabled).toBe(true);
  fireEvent.click(screen.getByRole('button', { name: 'Clear file' }));
  expect(screen.getByRole('button', { name: 'Choose an audio file' })).toBeTruthy();
});

test('Link Expiration is offered to admins only, defaulting to Never', () => {
  render(<ShareAudioForm signedIn isAdmin={false} />);
  expect(screen.queryByLabelText('Link Expiration')).toBeNull();
  cleanup();
  render(<ShareAudioForm signedIn isAdmin />);
  expect(screen.getByLabelText('Link Expiration').textContent).toBe('Never');
  // The form value travels in Radix's hidden native select.
  const native = document.querySelector('select[name="expiresIn"]') as HTMLSelectElement;
  expect(native.value).toBe('never');
  expect([...native.options].map((o) => o.value)).toEqual(['never', '1day', '3days', '1week', '30days']);
});

test('an unsupported file is refused with a toast', () => {
  render(
    <>
      <ShareAudioForm signedIn={false} isAdmin={false} />
      <Toaster />
    </>,
  );
  act(() => choose(new File(['x'], 'notes.txt')));
  expect(screen.getByText('Invalid File Type')).toBeTruthy();
  expect(screen.getByText('"notes.txt" is not a supported audio format')).toBeTruthy();
  expect(screen.queryByTestId('file-name')).toBeNull();
});

test('submitting without a file says what is missing', () => {
  render(
    <>
      <ShareAudioForm signedIn={false} isAdmin={false} />
      <Toaster />
    </>,
  );
  fireEvent.submit(screen.getByLabelText('Title').closest('form')!);
  expect(screen.getByText('Missing Information')).toBeTruthy();
  expect(screen.getByText('Please upload a file and enter a title')).toBeTruthy();
});
