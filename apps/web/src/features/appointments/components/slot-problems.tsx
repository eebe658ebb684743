import type { ReactElement } from 'react';
import { useT } from '../../../lib/i18n';

/** Under a time field: the slots call failed (with Retry), or the day has no free time. Shared by booking and rescheduling. */
export function SlotProblems({ failed, empty, onRetry }: { failed: boolean; empty: boolean; onRetry: () => void }): ReactElement {
  const t = useT('appointments');
  return (
    <>
      {failed && (
        <p className="flex flex-wrap items-center gap-2 text-sm text-error">
          {t('appointments.slots.failed')}
          <button type="button" className="btn btn-xs" onClick={onRetry}>{t('appointments.retry')}</button>
        </p>
      )}
      {empty && <p className="text-sm text-base-content/70">{t('appointments.slots.none')}</p>}
    </>
  );
}
