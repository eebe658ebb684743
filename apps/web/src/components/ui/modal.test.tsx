import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { Modal } from './modal';

// The native dialog's close event comes after the dialog closed, in a task of its own. The app's own close must not
// come back as the user's: pressed at once, the button that opens the dialog again had its dialog shut by that echo.

beforeAll(() => initI18n(['common']));

// jsdom has no modal dialogs: open and close set the attribute, and the close event is dispatched by each test
// when the browser would (after the close, as its own task).
beforeEach(() => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) { this.open = true; };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) { this.open = false; };
});
afterEach(cleanup);

function Opener({ onClose }: { onClose: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>Cancel: Exam stress</button>
      <Modal open={open} title="Cancel this appointment?" onClose={() => { onClose(); setOpen(false); }}>
        <p>Body</p>
      </Modal>
    </>
  );
}

const dialog = () => document.querySelector('dialog')!;

describe('Modal', () => {
  it('reopened before the close event of its own close arrived, stays open', () => {
    const onClose = vi.fn();
    render(<Opener onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel: Exam stress' }));
    expect(dialog().open).toBe(true);
    // Escape: the dialog's cancel closes it through the app's state.
    fireEvent(dialog(), new Event('cancel', { cancelable: true }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(dialog().open).toBe(false);
    // Enter on the button again, before the browser's close event of that close has run.
    fireEvent.click(screen.getByRole('button', { name: 'Cancel: Exam stress' }));
    expect(dialog().open).toBe(true);
    act(() => {
      dialog().dispatchEvent(new Event('close'));
    });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(dialog().open).toBe(true);
    expect(screen.getByText('Body')).toBeTruthy();
  });

  it('closed by the browser itself (a method="dialog" form), tells its owner', () => {
    const onClose = vi.fn();
    render(<Opener onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel: Exam stress' }));
    act(() => {
      dialog().open = false;
      dialog().dispatchEvent(new Event('close'));
    });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Body')).toBeNull();
  });
});
