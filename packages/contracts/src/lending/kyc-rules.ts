import { addDays } from './rules';

// Know your customer and covered transactions (decision 0186). Pure: the server, the offline counter and the report
// read the same rules. Money in integer centavos, dates as YYYY-MM-DD.

/** The customer record the rules ask for before a first loan above the shop's amount, with the words a clerk reads. */
export const KYC_FIELDS = [
  ['id_type', 'photo ID type'],
  ['id_number', 'ID number'],
  ['birth_date', 'date of birth'],
  ['nationality', 'nationality'],
  ['address', 'address'],
  ['occupation', 'work'],
  ['source_of_funds', 'source of funds'],
] as const;
export type KycField = (typeof KYC_FIELDS)[number][0];
export type KycRecord = Partial<Record<KycField, string | null | undefined>>;

/** The words of the fields this customer's record lacks (blank counts as missing), in the form's order. */
export function missingKyc(customer: KycRecord): string[] {
  return KYC_FIELDS.filter(([field]) => !(customer[field] ?? '').trim()).map(([, words]) => words);
}

const pesoText = (centavos: number) => `₱${(centavos / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export const KYC_NEEDED = (threshold: number, missing: string[]) =>
  `A first loan above ${pesoText(threshold)} needs the customer's full record; missing: ${missing.join(', ')}.`;

/**
 * Why this loan may not be written for this customer, or null. Only a customer's first loan (no earlier loan of any
 * status) above the shop's amount needs the full record; with no amount set, none does.
 */
export function kycProblem(input: { customer: KycRecord; loanAmount: number; threshold: number | null; earlierLoans: number }): string | null {
  if (input.threshold === null || input.earlierLoans > 0 || input.loanAmount <= input.threshold) return null;
  const missing = missingKyc(input.customer);
  return missing.length === 0 ? null : KYC_NEEDED(input.threshold, missing);
}

// ---------- covered transactions ----------

/** A single loan, or one customer's loans of one day together, above PHP 500,000.00 is a covered transaction. */
export const COVERED_THRESHOLD = 50_000_000;
/** Working days after the transaction's date within which it is reported. */
export const COVERED_FILING_WORKING_DAYS = 5;

/** The date `days` working days (Monday to Friday) after `date`. Holidays are the shop's to know. */
export function addWorkingDays(date: string, days: number): string {
  let d = date;
  for (let left = days; left > 0; ) {
    d = addDays(d, 1);
    const weekday = new Date(`${d}T00:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return d;
}

export interface CoveredLoan {
  uuid: string;
  customer_uuid: string;
  loan_date: string;
  loan_amount: number;
}

export interface CoveredTransaction {
  /** 'single': one loan above the threshold; 'day': one customer's loans of one day together above it. */
  kind: 'single' | 'day';
  customer_uuid: string;
  date: string;
  total: number;
  loan_uuids: string[];
  file_by: string;
}

/**
 * The covered transactions among these loans: each loan above the threshold, and each customer-day whose loans
 * together are above it when no one of them is (a day with a single covered loan and small ones is that loan's).
 */
export function coveredTransactions(loans: readonly CoveredLoan[]): CoveredTransaction[] {
  const result: CoveredTransaction[] = [];
  const days = new Map<string, CoveredLoan[]>();
  for (const loan of loans) {
    if (loan.loan_amount > COVERED_THRESHOLD) {
      result.push({ kind: 'single', customer_uuid: loan.customer_uuid, date: loan.loan_date, total: loan.loan_amount, loan_uuids: [loan.uuid], file_by: addWorkingDays(loan.loan_date, COVERED_FILING_WORKING_DAYS) });
    }
    const key = `${loan.customer_uuid} ${loan.loan_date}`;
    days.set(key, [...(days.get(key) ?? []), loan]);
  }
  for (const group of days.values()) {
    if (group.length < 2 || group.some((l) => l.loan_amount > COVERED_THRESHOLD)) continue;
    const total = group.reduce((sum, l) => sum + l.loan_amount, 0);
    if (total <= COVERED_THRESHOLD) continue;
    const { customer_uuid, loan_date } = group[0];
    result.push({ kind: 'day', customer_uuid, date: loan_date, total, loan_uuids: group.map((l) => l.uuid), file_by: addWorkingDays(loan_date, COVERED_FILING_WORKING_DAYS) });
  }
  return result.sort((a, b) => (a.date === b.date ? a.customer_uuid.localeCompare(b.customer_uuid) : a.date < b.date ? -1 : 1));
}
