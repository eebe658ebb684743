import { markSoldSchema, processForfeitedSchema } from '@kalinga/contracts/lending/schemas';
import { moneyInputText, roundPrice } from '@kalinga/contracts/money-text';
import { type FormEvent, useState } from 'react';
import { notifyError, notifySuccess } from '../../../components/ui/toast';
import { useT } from '../../../lib/i18n';
import { markItemSold, processForfeitedItem } from '../book/lending-actions';
import type { LocalItem } from '../book/lending-queries';
import { fieldMessage, refusalText } from '../field-messages';

function firstErrors(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of issues) out[String(i.path[0])] ??= fieldMessage(i.message);
  return out;
}

function Field({ label, name, value, onChange, error, inputMode, required }: { label: string; name: string; value: string; onChange: (v: string) => void; error?: string; inputMode?: 'decimal'; required?: boolean }) {
  return (
    <label className="flex flex-col gap-1">
      <span className="text-sm font-medium">{label}{required && <span className="text-error" aria-hidden="true"> *</span>}</span>
      <input className={`input w-full ${error ? 'input-error' : ''}`} name={name} inputMode={inputMode} required={required} value={value} aria-invalid={error ? true : undefined} aria-describedby={error ? `${name}-error` : undefined} onChange={(e) => onChange(e.target.value)} />
      {error && <span id={`${name}-error`} className="text-sm text-error">{error}</span>}
    </label>
  );
}

async function save(action: () => Promise<unknown>, done: string, onDone: () => void, setBusy: (b: boolean) => void) {
  setBusy(true);
  try {
    await action();
    notifySuccess(done);
    onDone();
  } catch (err) {
    notifyError(refusalText(err));
  } finally {
    setBusy(false);
  }
}

/** A forfeited item put up for sale at a price. */
export function SellingPriceForm({ item, onDone, onCancel }: { item: LocalItem; onDone: () => void; onCancel: () => void }) {
  // A round price near the market value is suggested (₱10,200, not ₱10,174.13); the clerk changes it at will.
  const t = useT('lending');
  const [price, setPrice] = useState(item.market_value ? moneyInputText(roundPrice(item.market_value)) : '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = processForfeitedSchema.safeParse({ selling_price: price.trim() === '' ? undefined : price });
    if (!parsed.success) return setErrors(firstErrors(parsed.error.issues));
    setErrors({});
    void save(() => processForfeitedItem(item.uuid, parsed.data.selling_price), t('lending.items.putUp'), onDone, setBusy);
  };
  return (
    <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
      <p>{item.description}</p>
      <Field label={t('lending.items.sellingPrice')} name="selling_price" inputMode="decimal" required value={price} onChange={setPrice} error={errors.selling_price} />
      <div className="modal-action">
        <button type="button" className="btn" onClick={onCancel}>{t('lending.cancel')}</button>
        <button type="submit" className="btn btn-primary" disabled={busy}>{t('lending.items.putUpButton')}</button>
      </div>
    </form>
  );
}

/** An item for sale sold at the counter: final price, buyer, contact, notes. */
export function SaleForm({ item, onDone, onCancel }: { item: LocalItem; onDone: () => void; onCancel: () => void }) {
  const t = useT('lending');
  const [values, setValues] = useState({ final_selling_price: item.selling_price != null ? moneyInputText(item.selling_price) : '', buyer_name: '', buyer_contact: '', sale_notes: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (field: keyof typeof values) => (v: string) => setValues((s) => ({ ...s, [field]: v }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = markSoldSchema.safeParse({ ...values, final_selling_price: values.final_selling_price.trim() === '' ? undefined : values.final_selling_price });
    if (!parsed.success) return setErrors(firstErrors(parsed.error.issues));
    setErrors({});
    const { final_selling_price, buyer_name, buyer_contact, sale_notes } = parsed.data;
    void save(
      () => markItemSold(item.uuid, { final_selling_price, buyer_name, buyer_contact: buyer_contact ?? undefined, sale_notes: sale_notes ?? undefined }),
      t('lending.items.sold'),
      onDone,
      setBusy,
    );
  };
  return (
    <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
      <p>{item.description}</p>
      <Field label={t('lending.items.finalPrice')} name="final_selling_price" inputMode="decimal" required value={values.final_selling_price} onChange={set('final_selling_price')} error={errors.final_selling_price} />
      <Field label={t('lending.items.buyerName')} name="buyer_name" required value={values.buyer_name} onChange={set('buyer_name')} error={errors.buyer_name} />
      <Field label={t('lending.items.buyerContact')} name="buyer_contact" value={values.buyer_contact} onChange={set('buyer_contact')} error={errors.buyer_contact} />
      <Field label={t('lending.items.notes')} name="sale_notes" value={values.sale_notes} onChange={set('sale_notes')} error={errors.sale_notes} />
      <div className="modal-action">
        <button type="button" className="btn" onClick={onCancel}>{t('lending.cancel')}</button>
        <button type="submit" className="btn btn-primary" disabled={busy}>{t('lending.items.markSold')}</button>
      </div>
    </form>
  );
}
