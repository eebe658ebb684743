import { useSyncExternalStore } from 'react';
import { t } from '../../lib/i18n';
import { Modal } from './modal';

export interface ConfirmOptions {
  title?: string;
  text?: string;
  confirmText?: string;
  cancelText?: string;
  danger?: boolean;
}

interface Pending extends Required<Omit<ConfirmOptions, 'danger'>> {
  danger: boolean;
  resolve: (ok: boolean) => void;
}

let pending: Pending | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Asks the user to confirm; resolves true on the confirm button. Defaults (product-rules.md#messages), in the language in use (the common area, loaded at start-up): 'Are you sure?', "You won't be able to revert this!", Yes / Cancel. */
export function confirm(options: ConfirmOptions = {}): Promise<boolean> {
  pending?.resolve(false);
  return new Promise((resolve) => {
    pending = {
      title: options.title ?? t('common.confirm.title'),
      text: options.text ?? t('common.confirm.text'),
      confirmText: options.confirmText ?? t('common.confirm.yes'),
      cancelText: options.cancelText ?? t('common.confirm.cancel'),
      danger: options.danger ?? false,
      resolve,
    };
    emit();
  });
}

/** The delete confirmation (product-rules.md#messages). */
export function confirmDelete(title?: string): Promise<boolean> {
  return confirm({
    text: title === undefined ? t('common.confirm.text') : t('common.confirm.deleteNamed', { title }),
    confirmText: t('common.confirm.yesDelete'),
    danger: true,
  });
}

function settle(ok: boolean): void {
  pending?.resolve(ok);
  pending = null;
  emit();
}

/** Mounted once by the app's providers. */
export function ConfirmHost() {
  const current = useSyncExternalStore(
    (l) => { listeners.add(l); return () => listeners.delete(l); },
    () => pending,
    () => null,
  );
  return (
    <Modal open={current !== null} title={current?.title ?? ''} onClose={() => settle(false)}>
      <p className="text-base-content/80">{current?.text}</p>
      <div className="modal-action">
        <button type="button" className="btn" onClick={() => settle(false)}>{current?.cancelText}</button>
        <button type="button" className={`btn ${current?.danger ? 'btn-error' : 'btn-primary'}`} onClick={() => settle(true)} autoFocus>
          {current?.confirmText}
        </button>
      </div>
    </Modal>
  );
}
