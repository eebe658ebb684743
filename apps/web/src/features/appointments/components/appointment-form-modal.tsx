import type { Appointment } from '@kalinga/contracts/appointments';
import type { AuthUser } from '@kalinga/contracts/auth';
import { HelpNowLink, showsHelpNow } from '../../../components/help-now-link';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import type { BookingPreset } from '../appointment-form';
import { useT } from '../../../lib/i18n';
import { isManager } from '../../../lib/viewer';
import { BookingHold } from './booking-hold';
import { DetailFields } from './detail-fields';
import { PartyFields } from './party-fields';
import { RepeatFields, SeriesPreviewList } from './series-section';
import { useAppointmentForm } from './use-appointment-form';
import { WhenFields } from './when-fields';

// The booking form, by part: its state and submit (use-appointment-form.ts), who meets (party-fields.tsx), when
// (when-fields.tsx), what and where (detail-fields.tsx), and the series (series-section.tsx).

/** 'Book Appointment' / 'Edit Appointment'. Rendered only while open, so each opening starts fresh. */
export function AppointmentFormModal({ open, appointment, preset, user, onClose }: { open: boolean; appointment: Appointment | null; preset?: BookingPreset | null; user: AuthUser; onClose: () => void }) {
  const t = useT('appointments');
  return (
    <Modal open={open} title={appointment ? t('appointments.form.editTitle') : t('appointments.book')} onClose={onClose} wide>
      {/* The dialog covers the top bar's "I need help now": a client keeps it here, while the form loads too (decision 0225). */}
      {showsHelpNow(user) && <HelpNowLink className="btn-sm mb-4" />}
      <AppointmentForm appointment={appointment} preset={preset ?? null} user={user} onDone={onClose} />
    </Modal>
  );
}

function AppointmentForm(props: { appointment: Appointment | null; preset: BookingPreset | null; user: AuthUser; onDone: () => void }) {
  const t = useT('appointments');
  const form = useAppointmentForm(props);
  const { user, counselor, editing, locked, counselors, categories, series, seriesKey, repeating } = form;

  if (form.settings.isPending || categories.isPending || (!counselor && counselors.isPending)) {
    return <div className="flex justify-center py-10"><Spinner label={t('appointments.form.loading')} size="lg" /></div>;
  }
  if (form.formDataFailed) {
    return (
      <ErrorAlert
        message={t('appointments.form.loadFailed')}
        retryText={t('appointments.retry')}
        onRetry={() => {
          void counselors.refetch();
          void categories.refetch();
        }}
      />
    );
  }

  return (
    <form onSubmit={form.submit} noValidate className="flex flex-col gap-4" aria-label={editing ? t('appointments.form.editTitle') : t('appointments.book')}>
      {form.formError && <div role="alert" className="alert alert-error alert-soft">{form.formError}</div>}
      {!editing && !counselor && !isManager(user) && <BookingHold />}
      {locked && <p className="text-sm text-base-content/70">{t('appointments.form.locked')}</p>}

      <PartyFields form={form} />
      <WhenFields form={form} />
      <DetailFields form={form} />

      {form.canRepeat && <RepeatFields series={series} minDate={form.values.date || form.today} />}
      {repeating && <SeriesPreviewList series={series} previewKey={seriesKey} />}

      <div className="modal-action mt-2">
        <button type="button" className="btn" onClick={form.onDone}>{t('appointments.form.cancel')}</button>
        <button type="submit" className="btn btn-primary" disabled={!form.complete || form.busy}>
          {form.busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {repeating ? series.buttonLabel(seriesKey) : form.saving ? t('appointments.form.saving') : editing ? t('appointments.form.saveChanges') : t('appointments.book')}
        </button>
      </div>
    </form>
  );
}
