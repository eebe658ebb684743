import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LoadingBlock } from '../../components/ui/spinner';
import { notifyError, notifySuccess } from '../../components/ui/toast';
import { createLoan } from './book/lending-actions';
import { useCounterToday, useCustomerDetail, useLendingCategories, type LocalCustomer } from './book/lending-queries';
import { bookStillComing, useFirstSync } from '../../offline/first-sync';
import { CustomerPicker } from './components/customer-picker';
import { FirstSyncNotice } from './components/first-sync-notice';
import { emptyItem, ItemRows, type ItemDraftRow } from './components/item-rows';
import { TicketPreviewPanel } from './components/ticket-preview';
import { ticketPreview } from './lending-figures';

/** Why the form cannot be saved yet (before the rules module's own checks), or null. */
export function draftProblem(customer: LocalCustomer | undefined, items: ItemDraftRow[], amount: string): string | null {
  if (!customer) return 'Choose the customer.';
  if (items.some((i) => !i.description.trim())) return 'Describe every item.';
  if (items.some((i) => !i.category_uuid)) return 'Choose the category of every item.';
  if (items.some((i) => !(Number(i.appraisal_value) > 0))) return 'Enter the appraised value of every item.';
  if (!(Number(amount) > 0)) return 'Enter the loan amount.';
  return null;
}

/** A new pawn ticket: customer, items, loan amount, and the live preview; saved on this device, numbered by the server. */
export function NewLoanPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const today = useCounterToday();
  const categories = useLendingCategories();
  const preset = useCustomerDetail(params.get('customer') ?? '');
  const [customer, setCustomer] = useState<LocalCustomer | undefined>();
  const [items, setItems] = useState<ItemDraftRow[]>(() => [emptyItem()]);
  const [amount, setAmount] = useState('');
  const [loanDate, setLoanDate] = useState('');
  const [notes, setNotes] = useState('');
  const [saving, setSaving] = useState(false);
  const [tried, setTried] = useState(false);
  const firstSync = useFirstSync();

  useEffect(() => { if (preset.data && !customer) setCustomer(preset.data.customer); }, [preset.data, customer]);
  useEffect(() => { if (today && !loanDate) setLoanDate(today); }, [today, loanDate]);
  const list = useMemo(() => categories.data ?? [], [categories.data]);
  const category = list.find((c) => c.uuid === items[0]?.category_uuid);
  const appraisals = items.map((i) => Number(i.appraisal_value));
  const appraisal = appraisals.reduce((s, v) => s + (Number.isFinite(v) ? v : 0), 0);
  const preview = ticketPreview({ loan_date: loanDate, today: today ?? '', loan_amount: Number(amount), appraisals, category });

  if (!today || categories.loading) return <LoadingBlock text="Loading..." />;
  const problem = draftProblem(customer, items, amount) ?? preview.problem;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (problem || !customer || !category) return;
    setSaving(true);
    try {
      const loan = await createLoan({
        customer_uuid: customer.uuid,
        category_uuid: category.uuid,
        loan_date: loanDate,
        loan_amount: Number(amount),
        notes: notes.trim() || undefined,
        items: items.map((i) => ({ description: i.description.trim(), appraisal_value: Number(i.appraisal_value), category_uuid: i.category_uuid })),
      });
      notifySuccess('Pawn ticket saved');
      navigate(`/lending/loans/${loan.uuid}/ticket`);
    } catch (err) {
      notifyError(err instanceof Error ? err.message : undefined);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="mx-auto flex max-w-5xl flex-col gap-6" onSubmit={(e) => void submit(e)} noValidate>
      <Link to="/lending/loans" className="link link-hover text-sm">← Loans</Link>
      <h1 className="text-2xl font-bold">New Pawn Ticket</h1>
      <FirstSyncNotice state={firstSync} meaning="Customers and categories not downloaded yet cannot be chosen: wait for the download before adding a customer who may already be on file." />
      {list.length === 0 && !bookStillComing(firstSync) && <p role="alert" className="alert alert-warning alert-soft">No categories on this device yet: a ticket takes its terms from a category.</p>}
      <section className="flex flex-col gap-2" aria-labelledby="customer-title">
        <h2 id="customer-title" className="font-semibold">Customer</h2>
        <CustomerPicker value={customer} onChange={setCustomer} />
      </section>
      <ItemRows rows={items} categories={list} onChange={setItems} />
      <div className="grid gap-6 lg:grid-cols-[1fr_24rem]">
        <div className="flex flex-col gap-3">
          <div className="flex flex-col gap-1">
            <label className="flex flex-col gap-1">
              <span className="text-sm font-medium">Loan amount (PHP)</span>
              <input className="input w-full" inputMode="decimal" name="loan_amount" value={amount} onChange={(e) => setAmount(e.target.value)} aria-describedby="amount-help" />
            </label>
            <span id="amount-help" className="text-sm text-base-content/70">At most the appraised total.</span>
          </div>
          <label className="flex flex-col gap-1">
            <span className="text-sm font-medium">Loan date</span>
            <input className="input w-full" type="date" max={today} value={loanDate} onChange={(e) => setLoanDate(e.target.value)} />
          </label>
          <label className="flex flex-col gap-1">
            <span className="text-sm font-medium">Remarks</span>
            <textarea className="textarea w-full" rows={2} value={notes} onChange={(e) => setNotes(e.target.value)} />
          </label>
        </div>
        <TicketPreviewPanel preview={preview} category={category} appraisal={appraisal} />
      </div>
      {tried && problem && <p role="alert" className="text-error">{problem}</p>}
      <div className="flex flex-wrap justify-end gap-2">
        <Link to="/lending/loans" className="btn">Cancel</Link>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          Save Pawn Ticket
        </button>
      </div>
    </form>
  );
}
