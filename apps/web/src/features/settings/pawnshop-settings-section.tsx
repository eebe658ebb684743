import { isCalendarDate } from '@kalinga/contracts/lending/rules';
import { parseMoneyText } from '@kalinga/contracts/money-text';
import { type FormEvent, useState } from 'react';
import { notifyError, notifySuccess } from '../../components/ui/toast';
import { ApiError } from '../../lib/api-client';
import { useT } from '../../lib/i18n';
import { useOnlineStatus } from '../../lib/online-status';
import { type SiteSettings, useSiteSettings } from '../../session/site-settings';
import { SETTINGS_OFFLINE as OFFLINE, useSaveSettings } from './settings-api';

interface Values {
  pawnshop_name: string;
  pawnshop_address: string;
  bsp_registration: string;
  pawn_notice_days: string;
  kyc_loan_threshold: string;
  pawn_auction_date: string;
  pawn_auction_place: string;
}

const valuesOf = (s: SiteSettings): Values => ({
  pawnshop_name: s.pawnshop_name ?? '',
  pawnshop_address: s.pawnshop_address ?? '',
  bsp_registration: s.bsp_registration ?? '',
  pawn_notice_days: String(s.pawn_notice_days ?? 15),
  kyc_loan_threshold: s.kyc_loan_threshold === null || s.kyc_loan_threshold === undefined ? '' : String(s.kyc_loan_threshold),
  pawn_auction_date: s.pawn_auction_date ?? '',
  pawn_auction_place: s.pawn_auction_place ?? '',
});

/** Settings › Pawnshop: the lending business's name, address and BSP registration printed on tickets, when notices are due, the know-your-customer amount, and the next auction the notices name. */
export function PawnshopSettingsSection() {
  const settings = useSiteSettings();
  // A copy kept on the device before these settings existed has none: the section waits for the server's.
  if (!settings.data || settings.data.pawn_notice_days === undefined) return null;
  return <PawnshopForm key={settings.data.pawn_notice_days} settings={settings.data} />;
}

function PawnshopForm({ settings }: { settings: SiteSettings }) {
  const t = useT('settings');
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
    if (!/^\d+$/.test(days) || Number(days) < 1 || Number(days) > 90) found.pawn_notice_days = [t('settings.pawnshop.noticeDaysRule')];
    if (threshold !== '' && (amount === null || amount < 0)) found.kyc_loan_threshold = [t('settings.pawnshop.thresholdRule')];
    const auctionDate = values.pawn_auction_date.trim();
    if (auctionDate !== '' && !isCalendarDate(auctionDate)) found.pawn_auction_date = [t('settings.auctionDateRule')];
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`pawnshop-${first}`)?.focus();
      return;
    }
    try {
      const saved = await save.mutateAsync({
        pawnshop_name: values.pawnshop_name.trim() || null,
        pawnshop_address: values.pawnshop_address.trim() || null,
        bsp_registration: values.bsp_registration.trim() || null,
        pawn_notice_days: Number(days),
        kyc_loan_threshold: amount,
        pawn_auction_date: auctionDate || null,
        pawn_auction_place: values.pawn_auction_place.trim() || null,
      });
      setValues(valuesOf(saved));
      notifySuccess(t('settings.pawnshop.saved'));
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.errors).length > 0) setErrors(err.errors);
      notifyError(err instanceof Error && err.message === OFFLINE ? t('settings.language.offline') : t('settings.form.updateFailed'));
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
        <h2 id="settings-pawnshop" className="card-title text-lg">{t('settings.pawnshop.title')}</h2>
        <div className="grid gap-4 sm:grid-cols-2">
          {field('pawnshop_name', t('settings.pawnshop.name'), t('settings.pawnshop.nameHint'), { maxLength: 120, autoComplete: 'organization' })}
          {field('pawnshop_address', t('settings.pawnshop.address'), t('settings.pawnshop.addressHint'), { maxLength: 300, autoComplete: 'street-address' })}
        </div>
        {field('bsp_registration', t('settings.pawnshop.bsp'), t('settings.pawnshop.bspHint'), { maxLength: 120 })}
        <div className="grid gap-4 sm:grid-cols-2">
          {field('pawn_notice_days', t('settings.pawnshop.noticeDays'), t('settings.pawnshop.noticeDaysHint'), { type: 'number', inputMode: 'numeric' })}
          {field('kyc_loan_threshold', t('settings.pawnshop.kyc'), t('settings.pawnshop.kycHint'), { inputMode: 'decimal' })}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {field('pawn_auction_date', t('settings.pawnshop.auctionDate'), t('settings.pawnshop.auctionDateHint'), { type: 'date' })}
          {field('pawn_auction_place', t('settings.pawnshop.auctionPlace'), t('settings.pawnshop.auctionPlaceHint'), { maxLength: 200, autoComplete: 'off' })}
        </div>
        <div className="flex justify-end">
          <button type="submit" className="btn btn-primary" disabled={save.isPending || !online}>
            {save.isPending ? t('settings.saving') : t('settings.pawnshop.save')}
          </button>
        </div>
      </div>
    </form>
  );
}
