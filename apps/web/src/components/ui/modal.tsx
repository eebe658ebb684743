import { type ReactNode, useId, useRef } from 'react';
import { useT } from '../../lib/i18n';
import { isOwnClose, useDialogOpen } from './use-dialog-open';

/** A centred dialog on the native <dialog> element: focus is trapped and Escape closes it. */
export function Modal({ open, title, onClose, children, wide = false }: { open: boolean; title: string; onClose: () => void; children: ReactNode; wide?: boolean }) {
  const t = useT('common');
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useDialogOpen(ref, open);
  return (
    // React passes a nested dialog's close and cancel up its tree: only this dialog's own close this one.
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      // The echo of the app's own close is not the user's (use-dialog-open.ts): it could shut the dialog reopened since.
      onClose={(e) => { if (e.target === e.currentTarget && !isOwnClose(e.currentTarget)) onClose(); }}
      onCancel={(e) => { if (e.target !== e.currentTarget) return; e.preventDefault(); onClose(); }}
    >
      {open && (
        <div className={`modal-box ${wide ? 'sm:max-w-3xl' : ''}`}>
          <div className="mb-4 flex items-start justify-between gap-4">
            <h2 id={titleId} className="text-lg font-bold">{title}</h2>
            <button type="button" className="btn btn-ghost btn-sm btn-circle" aria-label={t('common.close')} onClick={onClose}>✕</button>
          </div>
          {children}
        </div>
      )}
      <form method="dialog" className="modal-backdrop">
        <button type="button" aria-label={t('common.closeDialog')} tabIndex={-1} onClick={onClose}>{t('common.closeWord')}</button>
      </form>
    </dialog>
  );
}
