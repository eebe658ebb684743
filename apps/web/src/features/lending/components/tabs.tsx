import { type KeyboardEvent, useRef } from 'react';

/** A row of tabs (arrow keys move between them); scrolls sideways on a phone instead of wrapping. */
export function Tabs<T extends string>({ label, tabs, current, onChange }: { label: string; tabs: { id: T; label: string }[]; current: T; onChange: (id: T) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    const at = tabs.findIndex((t) => t.id === current);
    const next = tabs[(at + (e.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length];
    onChange(next.id);
    ref.current?.querySelector<HTMLButtonElement>(`[data-tab="${next.id}"]`)?.focus();
  };
  return (
    <div className="overflow-x-auto">
      <div ref={ref} role="tablist" aria-label={label} className="tabs tabs-box w-full flex-nowrap sm:w-fit" onKeyDown={onKey}>
        {tabs.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            data-tab={t.id}
            aria-selected={t.id === current}
            tabIndex={t.id === current ? 0 : -1}
            className={`tab whitespace-nowrap ${t.id === current ? 'tab-active' : 'text-base-content/80'}`}
            onClick={() => onChange(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
    </div>
  );
}
