import { afterEach, expect, test } from 'bun:test';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { AlertDialog, AlertDialogContent, AlertDialogTrigger } from './alert-dialog.tsx';
import { Button } from './button.tsx';
import { Checkbox, Switch } from './checkbox.tsx';
import { Dialog, DialogContent, DialogTrigger, SheetContent } from './dialog.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs.tsx';
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_MS } from './tooltip.tsx';

afterEach(cleanup);

test('a busy button is disabled, says so, and shows a spinner before its label', () => {
  render(<Button busy>Create Share Link</Button>);
  const button = screen.getByRole('button', { name: 'Create Share Link' }) as HTMLButtonElement;
  expect(button.disabled).toBe(true);
  expect(button.getAttribute('aria-busy')).toBe('true');
  expect(button.firstElementChild?.className).toContain('animate-spin');
});

test('a button as a link keeps the link and takes the look', () => {
  render(
    <Button asChild variant="outline">
      <a href="/login">Create Account</a>
    </Button>,
  );
  const link = screen.getByRole('link', { name: 'Create Account' });
  expect(link.getAttribute('href')).toBe('/login');
  expect(link.className).toContain('border-input');
});

test('a dialog opens from its trigger with its title and closes from its close button', async () => {
  render(
    <Dialog>
      <DialogTrigger asChild>
        <Button>Rename</Button>
      </DialogTrigger>
      <DialogContent title="Rename Album" description="Give it a new name">
        <input aria-label="Name" />
      </DialogContent>
    </Dialog>,
  );
  expect(screen.queryByRole('dialog')).toBeNull();
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Rename' })));
  const dialog = screen.getByRole('dialog', { name: 'Rename Album' });
  expect(dialog.textContent).toContain('Give it a new name');
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Close' })));
  expect(screen.queryByRole('dialog')).toBeNull();
});

test('a sheet is a labelled dialog', async () => {
  render(
    <Dialog defaultOpen>
      <SheetContent title="Admin menu">
        <nav>Albums</nav>
      </SheetContent>
    </Dialog>,
  );
  expect(screen.getByRole('dialog', { name: 'Admin menu' })).toBeTruthy();
});

test('an alert dialog asks, confirms through its callback and cancels', async () => {
  let confirmed = 0;
  function Confirm() {
    const [open, setOpen] = useState(false);
    return (
      <AlertDialog open={open} onOpenChange={setOpen}>
        <AlertDialogTrigger asChild>
          <Button variant="destructive">Delete</Button>
        </AlertDialogTrigger>
        <AlertDialogContent title="Delete Album?" description="It moves to Deleted for 7 days." confirmLabel="Delete" onConfirm={() => (confirmed += 1)} />
      </AlertDialog>
    );
  }
  render(<Confirm />);
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete' })));
  const alert = screen.getByRole('alertdialog', { name: 'Delete Album?' });
  await act(async () => fireEvent.click(alert.querySelector('button:last-child')!));
  expect(confirmed).toBe(1);
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
  expect(screen.queryByRole('alertdialog')).toBeNull();
});

test('checkbox and switch report their new state', () => {
  const seen: boolean[] = [];
  render(
    <>
      <Checkbox label="Publish immediately" checked={false} onChange={(v) => seen.push(v)} />
      <Switch label="Registration open" checked onChange={(v) => seen.push(v)} />
    </>,
  );
  fireEvent.click(screen.getByRole('checkbox', { name: 'Publish immediately' }));
  fireEvent.click(screen.getByRole('switch', { name: 'Registration open' }));
  expect(seen).toEqual([true, false]);
});

test('tabs show the chosen panel', () => {
  render(
    <Tabs defaultValue="music">
      <TabsList label="Admin">
        <TabsTrigger value="albums">Albums</TabsTrigger>
        <TabsTrigger value="music">Music</TabsTrigger>
      </TabsList>
      <TabsContent value="albums">Album list</TabsContent>
      <TabsContent value="music">Song list</TabsContent>
    </Tabs>,
  );
  expect(screen.getByRole('tabpanel').textContent).toBe('Song list');
  fireEvent.mouseDown(screen.getByRole('tab', { name: 'Albums' }), { button: 0 });
  expect(screen.getByRole('tabpanel').textContent).toBe('Album list');
});

test('tooltip timings are the documented ones', () => {
  expect([TOOLTIP_DELAY_MS, TOOLTIP_SKIP_MS]).toEqual([700, 300]);
});
