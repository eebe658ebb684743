import type { Customer, Item, Loan, Transaction } from '@kalinga/contracts/lending/schemas';
import { toPesos } from '@kalinga/contracts/lending/rules';
import { isLanguage } from '@kalinga/contracts/languages';
import type { CustomerRow, ItemRow, LoanRow, TransactionRow } from '../../db/tables';

// Rows (integer centavos) to the contract's replies (pesos). Used by the lending routes and GET /api/sync.
// PostgreSQL returns bigint and double precision as numbers here (database.ts), SQLite too; Number() pins it.

const pesos = (centavos: number | string) => toPesos(Number(centavos));
const pesosOrNull = (centavos: number | string | null) => (centavos === null ? null : pesos(centavos));

export function toCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    uuid: row.uuid,
    first_name: row.first_name,
    last_name: row.last_name,
    phone_number: row.phone_number,
    address: row.address,
    id_type: row.id_type,
    id_number: row.id_number,
    birth_date: row.birth_date,
    email: row.email,
    nationality: row.nationality,
    occupation: row.occupation,
    source_of_funds: row.source_of_funds,
    language: isLanguage(row.language) ? row.language : null,
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function toItem(row: ItemRow): Item {
  return {
    id: row.id,
    uuid: row.uuid,
    loan_uuid: row.loan_uuid,
    customer_uuid: row.customer_uuid,
    category_id: row.category_id,
    category_uuid: row.category_uuid,
    description: row.description,
    status: row.status,
    appraisal_value: pesos(row.appraisal_value),
    market_value: pesosOrNull(row.market_value),
    selling_price: pesosOrNull(row.selling_price),
    final_selling_price: pesosOrNull(row.final_selling_price),
    sold_at: row.sold_at,
    buyer_name: row.buyer_name,
    buyer_contact: row.buyer_contact,
    sale_notes: row.sale_notes,
    tag_number: row.tag_number,
    place_kind: row.place_kind,
    place_name: row.place_name,
    branch_id: row.branch_id,
    in_transit: row.in_transit === 1,
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
    ...metalOf(row),
  };
}

/** A piece of jewellery's metal, purity, grams and the rate its appraisal used (decision 0305); nulls for other items. */
function metalOf(row: ItemRow) {
  return {
    metal: row.metal,
    purity: row.purity,
    weight_grams: row.weight_centigrams === null ? null : row.weight_centigrams / 100,
    metal_rate: row.metal_rate === null ? null : pesos(row.metal_rate),
    metal_rate_date: row.metal_rate_date,
  };
}

/** A loan with its items (the items of other loans in `items` are ignored). */
export function toLoan(row: LoanRow, items: readonly ItemRow[]): Loan {
  return {
    id: row.id,
    uuid: row.uuid,
    pawn_ticket_number: row.pawn_ticket_number,
    branch_id: row.branch_id,
    customer_uuid: row.customer_uuid,
    category_id: row.category_id,
    category_uuid: row.category_uuid,
    status: row.status,
    loan_date: row.loan_date,
    maturity_date: row.maturity_date,
    expiry_date: row.expiry_date,
    renewal_date: row.renewal_date,
    redemption_date: row.redemption_date,
    forfeiture_date: row.forfeiture_date,
    appraisal_value: pesos(row.appraisal_value),
    loan_amount: pesos(row.loan_amount),
    service_charge: pesos(row.service_charge),
    interest_rate: Number(row.interest_rate),
    penalty_rate: Number(row.penalty_rate),
    amount_disbursed: pesos(row.amount_disbursed),
    paid_interest_amount: pesos(row.paid_interest_amount),
    paid_penalty_amount: pesos(row.paid_penalty_amount),
    new_loan: row.new_loan,
    renewed_from: row.renewed_from,
    notes: row.notes,
    category_version: row.category_version,
    terms_changed: row.terms_changed === 1,
    written_request: row.written_request === 1,
    interest_from: row.interest_from,
    extensions: Number(row.extensions),
    advance_interest: pesos(row.advance_interest),
    notice_sent_at: row.notice_sent_at,
    forfeit_reason: row.forfeit_reason,
    prints: Number(row.prints),
    first_printed_at: row.first_printed_at,
    print_conflict: Number(row.print_conflict) === 1,
    items: items.filter((i) => i.loan_id === row.id).map(toItem),
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function toTransaction(row: TransactionRow): Transaction {
  return {
    id: row.id,
    uuid: row.uuid,
    loan_uuid: row.loan_uuid,
    item_uuid: row.item_uuid,
    type: row.type,
    amount: pesos(row.amount),
    version: row.version,
    created_at: row.created_at,
    created_by: row.created_by,
    created_by_name: row.created_by_name,
    entry_date: row.entry_date,
    reverses_uuid: row.reverses_uuid,
    reason: row.reason,
    action: row.action,
  };
}
