import type { Category } from '@kalinga/contracts/categories';
import type { Customer, Item, Loan, Transaction } from '@kalinga/contracts/lending/schemas';
import { db } from '../offline/database';
import type { LocalCategory } from '../offline/db';
import { withSyncStatus, cleanFor } from '../offline/local-save';

// Rows shaped as the server sends them (packages/contracts/src/lending.ts), for the offline store's tests.

const T = '2026-11-01T02:00:00.000Z';

export function serverCategory(over: Partial<Category> = {}): Category {
  return {
    id: 7, uuid: '00000000-0000-4000-8000-0000000000c7', kind: 'lending', title: 'Jewelry', description: null, image_path: null, name: 'Jewelry',
    interest_rate: 3, penalty_rate: 2, loan_period: 1, loan_period_type: 'month', loan_period_expiry: 90, is_renewable: true, fast_depreciating: false, is_extendable: true,
    resources_count: 0, version: 1, created_at: T, updated_at: T, ...over,
  };
}

export function serverCustomer(over: Partial<Customer> = {}): Customer {
  return {
    id: 11, uuid: '00000000-0000-4000-8000-00000000c011', first_name: 'Maria', last_name: 'Santos', phone_number: '09171234567',
    address: null, id_type: null, id_number: null, birth_date: null, email: null, nationality: null, occupation: null, source_of_funds: null,
    version: 1, created_at: T, updated_at: T, ...over,
  };
}

export function serverItem(over: Partial<Item> = {}): Item {
  return {
    id: 31, uuid: '00000000-0000-4000-8000-0000000000a1', loan_uuid: '00000000-0000-4000-8000-0000000000b1',
    customer_uuid: serverCustomer().uuid, category_id: 7, category_uuid: serverCategory().uuid, description: 'Gold ring 18k',
    status: 'pawned', appraisal_value: 5000, market_value: null, selling_price: null, final_selling_price: null, sold_at: null,
    buyer_name: null, buyer_contact: null, sale_notes: null, version: 1, created_at: T, updated_at: T, ...over,
  };
}

export function serverLoan(over: Partial<Loan> = {}): Loan {
  const uuid = over.uuid ?? '00000000-0000-4000-8000-0000000000b1';
  return {
    id: 21, uuid, pawn_ticket_number: 'PT-2026-000021', customer_uuid: serverCustomer().uuid, category_id: 7, category_uuid: serverCategory().uuid,
    status: 'active', loan_date: '2026-11-01', maturity_date: '2026-12-01', expiry_date: '2027-03-01', renewal_date: null,
    redemption_date: null, forfeiture_date: null, appraisal_value: 5000, loan_amount: 3000, service_charge: 5, interest_rate: 3,
    penalty_rate: 2, amount_disbursed: 2995, paid_interest_amount: 0, paid_penalty_amount: 0, new_loan: null, renewed_from: null,
    notes: null, items: [serverItem({ loan_uuid: uuid })], version: 1, category_version: null, terms_changed: false, written_request: false, interest_from: null, extensions: 0,
    // Its pawner was sent the notice before the period ended, so it may be forfeited after it (decision 0217).
    notice_sent_at: '2027-02-15T02:00:00.000Z', forfeit_reason: null, created_at: T, updated_at: T, ...over,
  };
}

export function serverTransaction(over: Partial<Transaction> = {}): Transaction {
  return { id: 41, uuid: crypto.randomUUID(), loan_uuid: serverLoan().uuid, item_uuid: null, type: 'interest', amount: 90, version: 1, created_at: T, created_by: 1, created_by_name: 'Clerk One', entry_date: T.slice(0, 10), reverses_uuid: null, reason: null, action: null, ...over };
}

/** Puts rows into the local store as synced (as a pull would). */
export async function keepSynced(rows: { categories?: Category[]; customers?: Customer[]; loans?: Loan[] }): Promise<void> {
  for (const c of rows.categories ?? []) await db.categories.put(withSyncStatus(cleanFor('categories', c), false) as unknown as LocalCategory);
  for (const c of rows.customers ?? []) await db.customers.put(withSyncStatus(cleanFor('customers', c), false) as never);
  for (const l of rows.loans ?? []) {
    await db.loans.put(withSyncStatus(cleanFor('loans', l), false) as never);
    for (const i of l.items) await db.items.put(withSyncStatus(cleanFor('items', i), false) as never);
  }
}

export async function clearStore(): Promise<void> {
  await Promise.all(db.tables.map((t) => t.clear()));
}
