import { type ReactNode, useId } from 'react';

/** A labelled control with its error underneath, tied together for screen readers. */
export function Field({ label, error, children, hint }: { label: string; error?: string; hint?: ReactNode; children: (id: string, describedBy: string | undefined) => ReactNode }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">{label}</label>
      {children(id, error ? errorId : undefined)}
      {hint}
      {error && <p id={errorId} className="text-sm text-error">{error}</p>}
    </div>
  );
}
