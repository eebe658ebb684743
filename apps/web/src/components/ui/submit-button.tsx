import type { ReactNode } from 'react';

/**
 * A form's primary submit button, with a spinner while `busy`. It is disabled while busy unless `disabled` says
 * otherwise (a form that also waits for valid input or the network passes its whole condition).
 */
export function SubmitButton({ busy, disabled = busy, className, children }: { busy: boolean; disabled?: boolean; className?: string; children: ReactNode }) {
  return (
    <button type="submit" className={className ? `btn btn-primary ${className}` : 'btn btn-primary'} disabled={disabled}>
      {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      {children}
    </button>
  );
}
