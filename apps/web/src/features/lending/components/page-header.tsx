import type { ReactNode } from 'react';

/** A lending screen's title, line of explanation, and its main action on the right. */
export function PageHeader({ title, text, action }: { title: string; text: string; action?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="text-base-content/70">{text}</p>
      </div>
      {action}
    </div>
  );
}
