import { isCalendarDate } from '@kalinga/contracts/pawn-rules';
import { AUCTION_DATE_RULE, NOTICE_DAYS_RULE } from '@kalinga/contracts/settings';
import { parseMoneyText } from '@kalinga/contracts/money-text';
import { type FormEvent, useState } from 'react';
import { notifyError, notifySuccess } from '../../components/ui/toast';
import { ApiError } from '../../lib/api-client';
import { useOnlineStatus } from '../../lib/online-status';
import { type SiteSettings, useSiteSettings } from '../../lib/site-settings';
import { SETTINGS_OFFLINE as OFFLINE, useSaveSettings } from './settings-api';

const THRESHOLD_RULE = 'Type an amount in pesos (for example 50,000), or leave it empty for no such rule.';

interface Values {
  bsp_registration: string;
  pawn_notice_days: string;
  kyc_loan_threshold: string;
  pawn_auction_date: string;
  pawn_auction_place: string;
}

const valuesOf = (s: SiteSettings): Values => ({
  bsp_registration: s.bsp_registration ?? '',
  pawn_notice_days: String(s.pawn_notice_days ?? 15),
  kyc_loan_threshold: s.kyc_loan_threshold === null || s.kyc_loan_threshold === undefined ? '' : String(s.kyc_loan_threshold),
  pawn_auction_date: s.pawn_auction_date ?? '',
  pawn_auction_place: s.pawn_auction_place ?? '',
});

/** Settings › Pawnshop: the BSP registration printed on tickets, when notices are due, the know-your-customer amount, and the next auction the notices name. */
export function PawnshopSettingsSection() {
  const settings = useSiteSettings();
  // A copy kept on the device before these settings existed has none: the section waits for the server's.
  if (!settings.data || settings.data.pawn_notice_days === undefined) return null;
  return <PawnshopForm key={settings.data.pawn_notice_days} settings={settings.data} />;
}

function PawnshopForm({ settings }: { settings: SiteSettings }) {
  const online = useOnlineStatus();
  const save = useSaveSettings();
  const [values, setValues] = useState<Values>(() => valuesOf(settings));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const set = (key: keyof Values, value: string) => setValues((v) => ({ ...v, [key]: value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const days = values.pawn_notice_days.trim();
    const threshold = values.kyc_loan_threshold.trim();
    const amount = threshold === '' ? null : parseMoneyText(threshold);
    const found: Record<string, string[]> = {};
    if (!/^\d+$/.test(days) || Number(days) < 1 || Number(days) > 90) found.pawn_notice_days = [NOTICE_DAYS_RULE];
    if (threshold !== '' && (amount === null || amount < 0)) found.kyc_loan_threshold = [THRESHOLD_RULE];
    const auctionDate = values.pawn_auction_date.trim();
    if (auctionDate !== '' && !isCalendarDate(auctionDate)) found.pawn_auction_date = [AUCTION_DATE_RULE];
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`pawnshop-${first}`)?.focus();
      return;
    }
    try {
      const saved = await save.mutateAsync({
        bsp_registration: values.bsp_registration.trim() || null,
        pawn_notice_days: Number(days),
        kyc_loan_threshold: amount,
        pawn_auction_date: auctionDate || null,
        pawn_auction_place: values.pawn_auction_place.trim() || null,
      });
      setValues(valuesOf(saved));
      notifySuccess('Pawnshop settings updated');
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.errors).length > 0) setErrors(err.errors);
      notifyError(err instanceof Error && err.message === OFFLINE ? OFFLINE : 'Failed to update settings');
    }
  };

  const field = (name: keyof Values, label: string, hint: string, input: { type?: string; inputMode?: 'numeric' | 'decimal'; maxLength?: number; autoComplete?: string }) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={`pawnshop-${name}`} className="font-medium">{label}</label>
      <input
        className={`input w-full ${errors[name] ? 'input-error' : ''}`}
        id={`pawnshop-${name}`}
        name={name}
        value={values[name]}
        onChange={(e) => set(name, e.target.value)}
        aria-invalid={!!errors[name]}
        aria-describedby={[`pawnshop-${name}-hint`, errors[name] ? `pawnshop-${name}-error` : ''].filter(Boolean).join(' ')}
        {...input}
      />
      <span id={`pawnshop-${name}-hint`} className="text-sm text-base-content/60">{hint}</span>
      {errors[name] && <p id={`pawnshop-${name}-error`} className="text-sm text-red-700">{errors[name].join(' ')}</p>}
    </div>
  );

  return (
    <form className="card bg-base-100 shadow-sm" aria-labelledby="settings-pawnshop" onSubmit={submit} noValidate>
      <div className="card-body gap-4">
        <h2 id="settings-pawnshop" className="card-title text-lg">Pawnshop</h2>
        {field('bsp_registration', 'BSP Registration Number', 'The shop’s registration with the Bangko Sentral ng Pilipinas, printed on every pawn ticket.', { maxLength: 120 })}
        <div className="grid gap-4 sm:grid-cols-2">
          {field('pawn_notice_days', 'Notice Before Redemption Ends (days)', 'Tickets whose redemption period ends within this many days are listed to send their notice. 1 to 90.', { type: 'number', inputMode: 'numeric' })}
          {field('kyc_loan_threshold', 'Full Customer Record Above (₱)', 'A customer’s first loan above this amount needs their ID, date of birth, nationality, address, work and source of funds. Empty: no such rule.', { inputMode: 'decimal' })}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {field('pawn_auction_date', 'Next Auction Date', 'Named on each notice whose redemption period ends before it. Empty: the notice says “a public auction”.', { type: 'date' })}
          {field('pawn_auction_place', 'Auction Place', 'Where the auction is held, named on every notice. Empty: no place named.', { maxLength: 200, autoComplete: 'off' })}
        </div>
        <div className="flex justify-end">
          <button type="submit" className="btn btn-primary" disabled={save.isPending || !online}>
            {save.isPending ? 'Saving...' : 'Save Pawnshop Settings'}
          </button>
        </div>
      </div>
    </form>
  );
}
