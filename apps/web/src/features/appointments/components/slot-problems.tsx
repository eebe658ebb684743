import type { ReactElement } from 'react';

/** Under a time field: the slots call failed (with Retry), or the day has no free time. Shared by booking and rescheduling. */
export function SlotProblems({ failed, empty, onRetry }: { failed: boolean; empty: boolean; onRetry: () => void }): ReactElement {
  return (
    <>
      {failed && (
        <p className="flex flex-wrap items-center gap-2 text-sm text-error">
          Failed to load available time slots
          <button type="button" className="btn btn-xs" onClick={onRetry}>Retry</button>
        </p>
      )}
      {empty && <p className="text-sm text-base-content/70">No available time slots on this date.</p>}
    </>
  );
}
