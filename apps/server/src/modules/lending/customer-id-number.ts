import type { Customer } from '@kalinga/contracts/lending/schemas';
import type { CustomerRow } from '../../db/tables';
import { ENCRYPTED_COLUMNS, openColumn, sealColumn } from '../../lib/encrypted-columns';
import type { ContentKeys } from '../../lib/field-crypto';
import { toCustomer } from './lending-replies';

// A pawner's ID number is encrypted at rest (decision 0367, as the confidential columns of decision 0205): sealed
// when written, bound to the customer's uuid, and opened only when a reply is made. Everything a customer write keeps
// (its row, its stored idempotent reply) holds the envelope; replies are opened on their way out.

const COLUMN = ENCRYPTED_COLUMNS.customerIdNumber;

/** The value to store for an ID number of this customer (nothing stays nothing). */
export function sealIdNumber(keys: ContentKeys, companyId: number, uuid: string, plain: string | null | undefined): string | null {
  return plain === null || plain === undefined ? null : sealColumn(keys, COLUMN, { company_id: companyId, uuid }, plain);
}

/** The row with its ID number readable. */
export function openCustomerRow(keys: ContentKeys, row: CustomerRow): CustomerRow {
  return row.id_number === null ? row : { ...row, id_number: openColumn(keys, COLUMN, row, row.id_number) };
}

/** The reply of a customer row, its ID number opened: what the lending routes and the sync pull send. */
export const customerReply =
  (keys: ContentKeys) =>
  (row: CustomerRow): Customer =>
    toCustomer(openCustomerRow(keys, row));

/** A reply built from a stored row (or replayed from a stored reply) with its ID number opened. */
export function openCustomer(keys: ContentKeys, companyId: number, customer: Customer): Customer {
  return customer.id_number === null ? customer : { ...customer, id_number: openColumn(keys, COLUMN, { company_id: companyId, uuid: customer.uuid }, customer.id_number) };
}

/**
 * A sync pull's reply (a delta, or one chunk of a table's download) with its customers' ID numbers opened: the pull
 * reads the stored rows, this opens them on their way to the device. Any other reply passes as it is.
 */
export function openPulledCustomers<T extends { data: unknown; meta: object }>(keys: ContentKeys, companyId: number, reply: T): T {
  const open = (c: Customer) => openCustomer(keys, companyId, c);
  const { data, meta } = reply;
  if ('table' in meta) return meta.table === 'customers' ? { ...reply, data: (data as Customer[]).map(open) } : reply;
  const delta = data as { customers: Customer[] };
  return delta.customers.length === 0 ? reply : { ...reply, data: { ...delta, customers: delta.customers.map(open) } };
}
