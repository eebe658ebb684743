import { type ReactNode, useId, useRef } from 'react';
import { useT } from '../../lib/i18n';
import { useDialogOpen } from './use-dialog-open';

/** A right-side panel, 32rem wide (full width on phones); closes on its close button, the overlay, or Escape. */
export function Drawer({ open, title, onClose, children }: { open: boolean; title: string; onClose: () => void; children: ReactNode }) {
  const t = useT('common');
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useDialogOpen(ref, open);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className="m-0 ml-auto h-full max-h-none w-full max-w-[32rem] bg-transparent p-0 backdrop:bg-black/40"
      onCancel={(e) => { e.preventDefault(); onClose(); }}
      onClick={(e) => { if (e.target === ref.current) onClose(); }}
      data-testid="drawer"
    >
      {open && (
        <div className="flex h-full w-full flex-col bg-base-100 shadow-xl" onClick={(e) => e.stopPropagation()}>
          <div className="flex items-center justify-between border-b border-base-300 px-5 py-4">
            <h2 id={titleId} className="text-lg font-bold">{title}</h2>
            <button type="button" className="btn btn-ghost btn-sm btn-circle" aria-label={t('common.close')} onClick={onClose}>✕</button>
          </div>
          <div className="flex-1 overflow-y-auto px-5 py-4">{children}</div>
        </div>
      )}
    </dialog>
  );
}
