import { LOAN_AMOUNT_TOO_HIGH, LOAN_DATE_IN_FUTURE } from '@kalinga/contracts/lending/rules';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LoadingBlock } from '../../components/ui/spinner';
import { notifyError, notifySuccess } from '../../components/ui/toast';
import { useT } from '../../lib/i18n';
import { bookStillComing, useFirstSync } from '../../offline/first-sync';
import { createLoan } from './book/lending-actions';
import { useCounterToday, useCustomerDetail, useLendingCategories, type LocalCustomer } from './book/lending-queries';
import { CustomerPicker } from './components/customer-picker';
import { FieldError } from './components/field-error';
import { FirstSyncNotice } from './components/first-sync-notice';
import { ItemRows } from './components/item-rows';
import { TicketPreviewPanel } from './components/ticket-preview';
import { WrittenRequestField } from './components/written-request-field';
import { fieldMessage, refusalText } from './field-messages';
import { ticketPreview } from './lending-figures';
import { amountOf, draftErrors, emptyItem, firstErrorId, hasErrors, type ItemDraftRow, termsByItem } from './ticket-draft';
import { SubmitButton } from '../../components/ui/submit-button';
import { appraiseDraft, isMetalDraft, metalFieldsOf } from './terms/metal-appraisal';
import { SuggestedLoan } from './terms/suggested-loan';
import { useMetalRates } from './terms/use-metal-rates';
import { keepIntakePhotos, type IntakePhotoDrafts } from './vault/intake-photos';

const pesosOf = (text: string) => amountOf(text) ?? Number.NaN;

/** A new pawn ticket: customer, items, loan amount, and the live preview; saved on this device, numbered by the server. */
export function NewLoanPage() {
  const t = useT('lending');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const today = useCounterToday();
  const categories = useLendingCategories();
  const preset = useCustomerDetail(params.get('customer') ?? '');
  const [customer, setCustomer] = useState<LocalCustomer | undefined>();
  const [items, setItems] = useState<ItemDraftRow[]>(() => [emptyItem()]);
  const [photos, setPhotos] = useState<IntakePhotoDrafts>({});
  const [amount, setAmount] = useState('');
  const [loanDate, setLoanDate] = useState('');
  const [notes, setNotes] = useState('');
  const [writtenRequest, setWrittenRequest] = useState(false);
  const [saving, setSaving] = useState(false);
  const [tried, setTried] = useState(false);
  const firstSync = useFirstSync();
  const picked = useRef(false);
  const metalRates = useMetalRates();
  const rates = metalRates.kept?.rates ?? [];

  useEffect(() => { if (preset.data && !customer) setCustomer(preset.data.customer); }, [preset.data, customer]);
  useEffect(() => { if (today && !loanDate) setLoanDate(today); }, [today, loanDate]);
  // After choosing a customer the clerk goes on with the first item (focus is not left on a button that is gone).
  useEffect(() => {
    if (!customer || !picked.current) return;
    picked.current = false;
    document.getElementById(`item-${items[0].key}-description`)?.focus();
  }, [customer, items]);
  const list = useMemo(() => categories.data ?? [], [categories.data]);
  const terms = termsByItem(items, list);
  const category = terms.ticket;
  const appraisals = items.map((i) => pesosOf(i.appraisal_value));
  const appraisal = appraisals.reduce((s, v) => s + (Number.isFinite(v) ? v : 0), 0);
  const preview = ticketPreview({ loan_date: loanDate, today: today ?? '', loan_amount: pesosOf(amount), appraisals, category, written_request: writtenRequest });
  // Pieces of metal are appraised from the day's rates kept on this device (decision 0306).
  const metalAppraisals = items.map((i) => appraiseDraft(i, rates, loanDate));
  const metalProblem = items.some((i, n) => isMetalDraft(i) && metalAppraisals[n].problem !== undefined);

  if (!today || categories.loading) return <LoadingBlock text={t('lending.loading')} />;
  const errors = draftErrors({ customer, items, amount, submitted: tried });
  const amountError = errors.amount ?? (preview.problem === LOAN_AMOUNT_TOO_HIGH ? fieldMessage(preview.problem) : undefined);
  const dateError = preview.problem === LOAN_DATE_IN_FUTURE ? fieldMessage(preview.problem) : undefined;
  const blocked = hasErrors(draftErrors({ customer, items, amount, submitted: true })) || Boolean(preview.problem) || metalProblem;

  const choose = (next: LocalCustomer | undefined) => {
    picked.current = next !== undefined;
    setCustomer(next);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (blocked || !customer || !category) {
      const all = draftErrors({ customer, items, amount, submitted: true });
      const id = firstErrorId(all, items.map((i) => i.key)) ?? (amountError ? 'ticket-amount' : dateError ? 'ticket-date' : null);
      if (id) requestAnimationFrame(() => document.getElementById(id)?.focus());
      return;
    }
    setSaving(true);
    try {
      const loan = await createLoan({
        customer_uuid: customer.uuid,
        category_uuid: category.uuid,
        loan_date: loanDate,
        loan_amount: pesosOf(amount),
        notes: notes.trim() || undefined,
        // Each row's key becomes its item's uuid, under which its photos are kept (decision 0310).
        items: items.map((i, n) => ({ uuid: i.key, description: i.description.trim(), appraisal_value: pesosOf(i.appraisal_value), category_uuid: i.category_uuid, ...metalFieldsOf(i, metalAppraisals[n]) })),
        written_request: preview.belowFloor && writtenRequest,
      });
      const rowKeys = new Set(items.map((i) => i.key));
      await keepIntakePhotos(photos, (key) => (rowKeys.has(key) ? key : undefined));
      notifySuccess(t('lending.newLoan.saved'));
      navigate(`/lending/loans/${loan.uuid}/ticket`, { state: { focus: 'print' } });
    } catch (err) {
      notifyError(refusalText(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="mx-auto flex max-w-5xl flex-col gap-6" onSubmit={(e) => void submit(e)} noValidate>
      <Link to="/lending/loans" className="link link-hover text-sm">← {t('lending.loans.title')}</Link>
      <h1 className="text-2xl font-bold">{t('lending.newTicket')}</h1>
      <FirstSyncNotice state={firstSync} meaning={t('lending.newLoan.firstSync')} />
      {list.length === 0 && !bookStillComing(firstSync) && <p role="alert" className="alert alert-warning alert-soft">{t('lending.newLoan.noCategories')}</p>}
      <section className="flex flex-col gap-2" aria-labelledby="customer-title">
        <h2 id="customer-title" className="font-semibold">{t('lending.newLoan.customer')}</h2>
        <CustomerPicker value={customer} onChange={choose} inputId="ticket-customer" error={errors.customer} />
      </section>
      <ItemRows rows={items} categories={list} errors={errors.items} onChange={setItems} metal={{ kept: metalRates.kept, ticketDate: loanDate }} showErrors={tried} photos={{ drafts: photos, onChange: setPhotos }} />
      <div className="grid gap-6 lg:grid-cols-[1fr_24rem]">
        <div className="flex flex-col gap-3">
          <div className="flex flex-col gap-1">
            <label className="flex flex-col gap-1">
              <span className="text-sm font-medium">{t('lending.newLoan.amount')}</span>
              <input
                id="ticket-amount"
                className={`input w-full ${amountError ? 'input-error' : ''}`}
                inputMode="decimal"
                name="loan_amount"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                aria-invalid={amountError ? true : undefined}
                aria-describedby={amountError ? 'ticket-amount-error amount-help' : 'amount-help'}
              />
            </label>
            <FieldError id="ticket-amount-error" message={amountError} />
            <span id="amount-help" className="text-sm text-base-content/70">{t('lending.newLoan.amountHelp')}</span>
            <SuggestedLoan appraisal={appraisal} ltvPercent={category?.ltv_percent} onUse={setAmount} />
          </div>
          <div className="flex flex-col gap-1">
            <label className="flex flex-col gap-1">
              <span className="text-sm font-medium">{t('lending.loanDate')}</span>
              <input id="ticket-date" className={`input w-full ${dateError ? 'input-error' : ''}`} type="date" max={today} value={loanDate} onChange={(e) => setLoanDate(e.target.value)} aria-invalid={dateError ? true : undefined} aria-describedby={dateError ? 'ticket-date-error' : undefined} />
            </label>
            <FieldError id="ticket-date-error" message={dateError} />
          </div>
          {preview.belowFloor && <WrittenRequestField checked={writtenRequest} onChange={setWrittenRequest} />}
          <label className="flex flex-col gap-1">
            <span className="text-sm font-medium">{t('lending.newLoan.remarks')}</span>
            <textarea className="textarea w-full" rows={2} value={notes} onChange={(e) => setNotes(e.target.value)} />
          </label>
        </div>
        <TicketPreviewPanel preview={preview} category={category} others={terms.others} appraisal={appraisal} />
      </div>
      {tried && blocked && <p role="alert" className="text-error">{t('lending.newLoan.notSaved')}</p>}
      <div className="flex flex-wrap justify-end gap-2">
        <Link to="/lending/loans" className="btn">{t('lending.cancel')}</Link>
        <SubmitButton busy={saving}>
          {t('lending.newLoan.save')}
        </SubmitButton>
      </div>
    </form>
  );
}
