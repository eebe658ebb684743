import { toCentavos, type LoanFigures, type LoanStatus } from './rules';

// A loan's figures as the pawn rules take them (centavos, calendar dates), read from any copy of a loan: the
// server's row (money in centavos, numbers that PostgreSQL may hand back as text) or the API's and the device's
// (money in pesos). The one place a loan row becomes LoanFigures (decision 0260).

/** The columns a loan's figures come from; each may arrive as the database, the API or the device stores it. */
export interface LoanFiguresRow {
  status?: unknown;
  loan_date?: unknown;
  maturity_date?: unknown;
  expiry_date?: unknown;
  loan_amount?: unknown;
  interest_rate?: unknown;
  penalty_rate?: unknown;
  interest_from?: unknown;
  appraisal_value?: unknown;
}

/** How the row keeps its money: the server's tables in centavos, the API's replies and the device's rows in pesos. */
export type MoneyUnit = 'centavos' | 'pesos';

/** `row` is a typed row or the effects' plain record (docs/architecture.md#lending-slice). */
export function loanFigures(row: LoanFiguresRow | Readonly<Record<string, unknown>>, money: MoneyUnit): LoanFigures & { appraisal_value: number } {
  const loan: LoanFiguresRow = row;
  const centavos = (value: unknown) => (money === 'pesos' ? toCentavos(Number(value ?? 0)) : Number(value ?? 0));
  return {
    status: loan.status as LoanStatus,
    loan_date: String(loan.loan_date),
    maturity_date: String(loan.maturity_date),
    expiry_date: String(loan.expiry_date),
    loan_amount: centavos(loan.loan_amount),
    interest_rate: Number(loan.interest_rate),
    penalty_rate: Number(loan.penalty_rate),
    // After an extension, interest runs from the day it was paid to (decision 0189); none: from the loan date.
    interest_from: typeof loan.interest_from === 'string' ? loan.interest_from : null,
    appraisal_value: centavos(loan.appraisal_value),
  };
}
