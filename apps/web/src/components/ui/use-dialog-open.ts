import { type RefObject, useEffect } from 'react';
import { trackDialog } from './toast-layer';

/** Opens a native <dialog> as modal while `open` is true and closes it otherwise; toasts follow the topmost one. */
export function useDialogOpen(ref: RefObject<HTMLDialogElement | null>, open: boolean): void {
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
    trackDialog(dialog, open);
    return () => trackDialog(dialog, false);
  }, [ref, open]);
}
