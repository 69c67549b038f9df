import { afterEach, expect, test } from 'bun:test';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { NameDialog } from './name-dialog.tsx';

afterEach(cleanup);

/** The dialog as its callers hold it; `answer` decides each submit's outcome. */
function Harness({ answer, submitted }: { answer: () => Promise<boolean>; submitted: string[] }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <NameDialog
        open={open}
        onOpenChange={setOpen}
        title="Rename Playlist"
        description="Update your playlist name"
        placeholder="My Awesome Playlist"
        initialName="Car Songs"
        submitLabel="Save"
        busyLabel="Saving..."
        onSubmit={(name) => {
          submitted.push(name);
          return answer();
        }}
      />
    </>
  );
}

const field = () => screen.getByLabelText('Name') as HTMLInputElement;
const save = () => screen.getByRole('button', { name: /Save|Saving/ }) as HTMLButtonElement;

test('starts from the current name; a blank trimmed name disables Save and Enter does nothing', async () => {
  const submitted: string[] = [];
  render(<Harness answer={async () => true} submitted={submitted} />);
  expect(screen.getByRole('dialog', { name: 'Rename Playlist' }).textContent).toContain('Update your playlist name');
  expect(field().value).toBe('Car Songs');
  expect(field().placeholder).toBe('My Awesome Playlist');
  fireEvent.change(field(), { target: { value: '   ' } });
  expect(save().disabled).toBe(true);
  await act(async () => fireEvent.submit(field().form!));
  expect(submitted).toEqual([]);
});

test('sends the trimmed name, shows the busy label meanwhile, and closes when done', async () => {
  const submitted: string[] = [];
  let finish: (done: boolean) => void = () => {};
  render(<Harness answer={() => new Promise((resolve) => (finish = resolve))} submitted={submitted} />);
  fireEvent.change(field(), { target: { value: '  Road Trip ' } });
  await act(async () => fireEvent.submit(field().form!));
  expect(submitted).toEqual(['Road Trip']);
  expect(save().textContent).toBe('Saving...');
  expect(save().disabled).toBe(true);
  // A second Enter while busy sends nothing more.
  await act(async () => fireEvent.submit(field().form!));
  expect(submitted.length).toBe(1);
  await act(async () => finish(true));
  expect(screen.queryByRole('dialog')).toBeNull();
});

test('stays open and usable when the caller says not done, and each opening starts afresh', async () => {
  const submitted: string[] = [];
  render(<Harness answer={async () => false} submitted={submitted} />);
  fireEvent.change(field(), { target: { value: 'Fishing' } });
  await act(async () => fireEvent.submit(field().form!));
  expect(save().textContent).toBe('Save');
  expect(save().disabled).toBe(false);
  expect(field().value).toBe('Fishing');
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
  expect(screen.queryByRole('dialog')).toBeNull();
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Open' })));
  expect(field().value).toBe('Car Songs');
});
