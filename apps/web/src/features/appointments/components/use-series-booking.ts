import type { SeriesBody, SeriesPreviewReply } from '@kalinga/contracts/appointment-series';
import type { CreateAppointmentBody } from '@kalinga/contracts/appointments';
import type { SeriesFrequency } from '@kalinga/contracts/series-constants';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import { useBookSeries, usePreviewSeries } from '../api/series-api';

// The booking form's "Repeat" (decision 0150): the first submit checks every session and lists them; the user picks
// another time or skips each one that cannot be booked; the next submit books them all (or none, and says why).

export interface RepeatValues {
  frequency: SeriesFrequency | 'none';
  endsBy: 'count' | 'until';
  count: string;
  until: string;
}

export const NO_REPEAT: RepeatValues = { frequency: 'none', endsBy: 'count', count: '6', until: '' };

type Preview = SeriesPreviewReply['data'];
/** Per session index: the chosen instant, or null to skip it. */
export type Choices = Record<number, string | null>;

/** Sessions still blocked after the user's choices. */
export function undecided(preview: Preview, choices: Choices): number {
  return preview.occurrences.filter((o) => o.outcome === 'blocked' && !(o.index in choices)).length;
}

/** Sessions that would be booked with the user's choices. */
export function toBook(preview: Preview, choices: Choices): number {
  return preview.occurrences.filter((o) => (o.index in choices ? choices[o.index] !== null : o.outcome === 'book' || o.outcome === 'moved')).length;
}

export function seriesRequest(base: CreateAppointmentBody, repeat: RepeatValues, choices: Choices): SeriesBody {
  const end = repeat.endsBy === 'count' ? { count: Number(repeat.count) } : { until: repeat.until };
  return { ...base, frequency: repeat.frequency as SeriesFrequency, ...end, choices: Object.entries(choices).map(([index, at]) => ({ index: Number(index), appointment_date: at })) };
}

export function useSeriesBooking() {
  const [repeat, setRepeat] = useState<RepeatValues>(NO_REPEAT);
  const [checked, setChecked] = useState<{ key: string; preview: Preview } | null>(null);
  const [choices, setChoices] = useState<Choices>({});
  const previewCall = usePreviewSeries();
  const book = useBookSeries();
  const repeating = repeat.frequency !== 'none';
  const endOk = repeat.endsBy === 'count' ? /^\d+$/.test(repeat.count) && Number(repeat.count) >= 2 && Number(repeat.count) <= 26 : /^\d{4}-\d{2}-\d{2}$/.test(repeat.until);

  /** The preview for exactly these inputs, or null when they changed since it was made. */
  const current = (key: string) => (checked && checked.key === key ? checked.preview : null);

  /**
   * Checks the sessions (when the inputs changed since the last check), or books them. Returns what happened:
   * 'checked' (the list is shown), 'undecided' (a blocked session has no choice yet), 'booked' (with the count).
   */
  async function submit(base: CreateAppointmentBody, key: string): Promise<{ outcome: 'checked' | 'undecided' } | { outcome: 'booked'; sessions: number }> {
    const shown = current(key);
    if (!shown) {
      setChoices({});
      const preview = await previewCall.mutateAsync(seriesRequest(base, repeat, {}));
      setChecked({ key, preview });
      return { outcome: 'checked' };
    }
    if (undecided(shown, choices) > 0) return { outcome: 'undecided' };
    try {
      const series = await book.mutateAsync(seriesRequest(base, repeat, choices));
      return { outcome: 'booked', sessions: series.total };
    } catch (error) {
      // Someone booked one of the times meanwhile: show the sessions as they are now, keeping the user's choices.
      if (error instanceof ApiError && error.status === 409) {
        const preview = await previewCall.mutateAsync(seriesRequest(base, repeat, choices)).catch(() => null);
        if (preview) setChecked({ key, preview });
      }
      throw error;
    }
  }

  /** The submit button's words: check first, then book the sessions that will be booked. */
  function buttonLabel(key: string): string {
    const shown = current(key);
    if (previewCall.isPending) return t('appointments.series.checking');
    if (book.isPending) return t('appointments.series.booking');
    return shown ? t('appointments.series.bookN', { count: toBook(shown, choices) }) : t('appointments.series.check');
  }

  /** submit() with the form's feedback: a toast when booked, the reason above the form otherwise (the input stays). */
  async function submitWithFeedback(base: CreateAppointmentBody, key: string, form: { setFormError: (m: string | null) => void; setFieldErrors: (e: Record<string, string[]>) => void; done: () => void }) {
    try {
      const result = await submit(base, key);
      if (result.outcome === 'booked') {
        notifySuccess(t('appointments.series.booked', { count: result.sessions }));
        form.done();
      } else if (result.outcome === 'undecided') {
        form.setFormError(t('appointments.series.undecided'));
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && Object.keys(error.errors).length) form.setFieldErrors(error.errors);
      form.setFormError(error instanceof ApiError && error.message ? error.message : t('appointments.series.failed'));
      notifyError(t('appointments.series.failed'));
    }
  }

  return { repeat, setRepeat, repeating, endOk, current, choices, setChoices, submitWithFeedback, buttonLabel, busy: previewCall.isPending || book.isPending };
}
export type SeriesBooking = ReturnType<typeof useSeriesBooking>;
