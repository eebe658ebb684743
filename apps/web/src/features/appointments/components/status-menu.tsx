import type { AppointmentStatus } from '@kalinga/contracts/appointments';
import { type KeyboardEvent as ReactKeyboardEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { useDismiss } from '../../../lib/use-dismiss';
import { statusActionLabel } from '../appointment-rules';

/** The counselor's status-change dropdown: a menu button listing the allowed next statuses. */
export function StatusMenu({ options, disabled, onChange, label }: { options: readonly AppointmentStatus[]; disabled: boolean; onChange: (s: AppointmentStatus) => void; label: string }) {
  const t = useT('appointments');
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  useDismiss(ref, open, useCallback(() => setOpen(false), []), button);
  useEffect(() => {
    // Opening moves focus to the first entry so the keyboard can pick one at once.
    if (open) ref.current?.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus();
  }, [open]);
  const onKeyDown = (e: ReactKeyboardEvent) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    const items = [...(ref.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    const next = e.key === 'ArrowDown' ? (at + 1) % items.length : (at - 1 + items.length) % items.length;
    items[next]?.focus();
    e.preventDefault();
  };
  return (
    <div className="relative" ref={ref} onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className="btn btn-sm btn-ghost"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={label}
        disabled={disabled}
        onClick={() => setOpen((o) => !o)}
      >
        {t('appointments.statusMenu')}
        <svg aria-hidden="true" className="h-4 w-4" fill="none" viewBox="0 0 24 24" stroke="currentColor" strokeWidth={2}>
          <path strokeLinecap="round" strokeLinejoin="round" d="M19.5 8.25l-7.5 7.5-7.5-7.5" />
        </svg>
      </button>
      {open && (
        <ul id={menuId} role="menu" className="menu absolute right-0 z-20 mt-1 w-52 rounded-box bg-base-100 p-2 shadow-lg">
          {options.map((s) => (
            <li role="none" key={s}>
              <button
                type="button"
                role="menuitem"
                className={s === 'cancelled' ? 'text-red-700' : ''}
                onClick={() => {
                  setOpen(false);
                  // Focus goes back to the menu's button before the change (a confirm dialog returns it there too).
                  button.current?.focus();
                  onChange(s);
                }}
              >
                {statusActionLabel(s)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
