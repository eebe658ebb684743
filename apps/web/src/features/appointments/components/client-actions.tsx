import type { Appointment } from '@kalinga/contracts/appointments';
import type { AuthUser } from '@kalinga/contracts/auth';
import { useState } from 'react';
import { useT } from '../../../lib/i18n';
import { lazyPart, useOnceTrue } from '../../../lib/lazy-part';
import type { SiteSettings } from '../../../session/site-settings';
import { selfServiceFor } from '../self-service-rules';

// The two dialogs load on first use, or when the Appointments screen warms them after its first paint (decision 0091).
const cancelModal = lazyPart(() => import('./cancel-own-modal').then((m) => m.CancelOwnModal));
const rescheduleModal = lazyPart(() => import('./reschedule-modal').then((m) => m.RescheduleModal));

/** Fetches the client's cancel and reschedule dialogs ahead of their first opening. */
export const clientDialogs = { preload: () => Promise.all([cancelModal.preload(), rescheduleModal.preload()]) };

/**
 * 'Cancel' and 'Reschedule' on the client's own appointment; once the notice period has passed, a late 'Cancel' and
 * whom to contact. The site settings come from the screen that lists the cards: one reader of them, not one per card
 * (decision 0388).
 */
export function ClientActions({ appointment: a, user, settings }: { appointment: Appointment; user: AuthUser | null; settings: SiteSettings | undefined }) {
  const t = useT('appointments');
  const [open, setOpen] = useState<'cancel' | 'reschedule' | null>(null);
  const cancelMounted = useOnceTrue(open === 'cancel');
  const rescheduleMounted = useOnceTrue(open === 'reschedule');
  const rule = selfServiceFor(user, a, settings?.cancellation_notice_hours ?? 24, settings?.students_can_book ?? false);
  if (rule.kind === 'none') return null;
  const close = () => setOpen(null);
  const late = rule.kind === 'late';
  return (
    <div className="flex flex-wrap items-center justify-end gap-1">
      {late && <p className="w-full text-sm text-base-content/75 sm:max-w-64 sm:text-right" data-testid="contact-counselor">{rule.message}</p>}
      {!late && rule.reschedule && (
        <button type="button" className="btn btn-sm btn-outline" aria-label={t('appointments.client.rescheduleLabel', { reason: a.reason ?? t('appointments.card.reasonWithheld') })} onClick={() => setOpen('reschedule')}>
          {t('appointments.client.reschedule')}
        </button>
      )}
      <button type="button" className="btn btn-sm btn-outline border-red-700 text-red-700 hover:bg-red-700 hover:text-white" aria-label={t('appointments.client.cancelLabel', { reason: a.reason ?? t('appointments.card.reasonWithheld') })} onClick={() => setOpen('cancel')}>
        {t('appointments.client.cancel')}
      </button>
      {/* There from the first opening on, filled only while open: closing the native dialog gives focus back to the button. */}
      {cancelMounted && <cancelModal.Part appointment={a} late={late} open={open === 'cancel'} onClose={close} />}
      {!late && rule.reschedule && rescheduleMounted && <rescheduleModal.Part appointment={a} open={open === 'reschedule'} onClose={close} />}
    </div>
  );
}
