import type { Customer, Item, Loan, Transaction } from '@kalinga/contracts/lending';
import { toPesos } from '@kalinga/contracts/pawn-rules';
import type { CustomerSyncRow, ItemSyncRow, LoanSyncRow, TransactionSyncRow } from './sync.repository';

// Rows to replies: money from integer centavos to pesos (docs/decisions/0060).

export function toCustomer(row: CustomerSyncRow): Customer {
  return row;
}

const pesosOrNull = (centavos: number | null) => (centavos === null ? null : toPesos(centavos));

export function toItem(row: ItemSyncRow): Item {
  return {
    ...row,
    appraisal_value: toPesos(row.appraisal_value),
    market_value: pesosOrNull(row.market_value),
    selling_price: pesosOrNull(row.selling_price),
    final_selling_price: pesosOrNull(row.final_selling_price),
  };
}

export function toLoan(row: LoanSyncRow, items: Item[]): Loan {
  return {
    ...row,
    appraisal_value: toPesos(row.appraisal_value),
    loan_amount: toPesos(row.loan_amount),
    service_charge: toPesos(row.service_charge),
    interest_rate: Number(row.interest_rate),
    penalty_rate: Number(row.penalty_rate),
    amount_disbursed: toPesos(row.amount_disbursed),
    paid_interest_amount: toPesos(row.paid_interest_amount),
    paid_penalty_amount: toPesos(row.paid_penalty_amount),
    items,
  };
}

export function toTransaction(row: TransactionSyncRow): Transaction {
  return { ...row, amount: toPesos(row.amount) };
}
