import { type RefObject, useEffect } from 'react';
import { trackDialog } from './toast-layer';

// The close event of a native <dialog> comes in a task of its own, after the dialog has closed. When the app closes
// it (its state says closed), that event is an echo: by the time it arrives the dialog may already be open again
// (a key pressed at once on the button that opens it; under load the browser runs input before the queued event),
// and passing it on as "the user closed it" shut the reopened dialog. So the app's own closes are counted here and
// their echoes are not passed on; a close the browser made by itself (a form with method="dialog", an Escape it
// would not let be cancelled) still is.
const ownCloses = new WeakMap<HTMLDialogElement, number>();

/** Whether this close event answers the app's own close(): then it is not passed on as the user's. */
export function isOwnClose(dialog: HTMLDialogElement): boolean {
  const count = ownCloses.get(dialog) ?? 0;
  if (count === 0) return false;
  ownCloses.set(dialog, count - 1);
  return true;
}

/** Opens a native <dialog> as modal while `open` is true and closes it otherwise; toasts follow the topmost one. */
export function useDialogOpen(ref: RefObject<HTMLDialogElement | null>, open: boolean): void {
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) {
      ownCloses.set(dialog, (ownCloses.get(dialog) ?? 0) + 1);
      dialog.close();
    }
    trackDialog(dialog, open);
    return () => trackDialog(dialog, false);
  }, [ref, open]);
}
