import type { Customer, CustomerCreate, CustomerListQuery, CustomerUpdate } from '@kalinga/contracts/lending/schemas';
import type { DB } from '../../db/database';
import { notFound } from '../../lib/http-errors';
import { paginationMeta } from '../../lib/pagination';
import type { AuthContext } from '../../lib/auth-context';
import type { ContentKeys } from '../../lib/field-crypto';
import { customerReply, openCustomer, openCustomerRow, sealIdNumber } from './customer-id-number';
import { findCustomer, findCustomerAnyCompany, insertCustomer, lockCustomer, listCustomers as listCustomerRows, updateCustomer as updateCustomerRow } from './customer.repository';
import { recordFieldConflicts, sentFields } from './field-merge';
import { runWrite, type WriteKey, type WriteReply } from './idempotency';
import { toCustomer } from './lending-replies';
import { uuidTaken } from './lending-common';
import type { OperationHandlers } from './operation-handler';

type CustomerReply = WriteReply<{ data: Customer }>;

/**
 * The customer as it is now, for a late repeat of a write whose stored reply was pruned (decision 0105), in the
 * stored form (its ID number sealed) like every reply a write keeps.
 */
const currentCustomer = (auth: AuthContext, uuid: string) => async (db: DB) => {
  const row = await findCustomer(db, auth.companyId, uuid);
  if (!row) throw notFound('Customer');
  return { data: toCustomer(row) };
};

/** A write's reply as it is kept (ID number sealed, decision 0367), opened for the caller. */
async function opened(keys: ContentKeys, auth: AuthContext, reply: Promise<CustomerReply>): Promise<CustomerReply> {
  const { status, body } = await reply;
  return { status, body: { data: openCustomer(keys, auth.companyId, body.data) } };
}

/** The same create again (its uuid): the first customer (200), writing nothing (decision 0380). */
const repeatedCustomer = (auth: AuthContext, uuid: string) => async (trx: DB): Promise<CustomerReply | null> => {
  const existing = await findCustomerAnyCompany(trx, uuid);
  if (!existing) return null;
  if (existing.company_id !== auth.companyId) throw uuidTaken();
  return { status: 200, body: { data: toCustomer(existing) } };
};

/** Creates a customer keyed by the client's uuid: a repeat returns the first one (200). */
export function createCustomer(db: DB, keys: ContentKeys, auth: AuthContext, wk: WriteKey, input: CustomerCreate): Promise<CustomerReply> {
  return opened(keys, auth, runWrite(db, auth, wk, async ({ trx, version, now }) => {
    const row = await insertCustomer(trx, {
      company_id: auth.companyId,
      uuid: input.uuid,
      first_name: input.first_name,
      last_name: input.last_name,
      phone_number: input.phone_number ?? null,
      address: input.address ?? null,
      id_type: input.id_type ?? null,
      id_number: sealIdNumber(keys, auth.companyId, input.uuid, input.id_number),
      birth_date: input.birth_date ?? null,
      email: input.email ?? null,
      nationality: input.nationality ?? null,
      occupation: input.occupation ?? null,
      source_of_funds: input.source_of_funds ?? null,
      language: input.language ?? null,
      version,
      created_by: auth.user.id,
      created_at: now,
      updated_at: now,
    });
    return { status: 201, body: { data: toCustomer(row) } };
  }, currentCustomer(auth, input.uuid), repeatedCustomer(auth, input.uuid)));
}

/** Changes the sent fields of a customer of the company (404 otherwise); a field changed meanwhile elsewhere is recorded (decision 0103). */
export function updateCustomer(db: DB, keys: ContentKeys, auth: AuthContext, wk: WriteKey, uuid: string, input: CustomerUpdate): Promise<CustomerReply> {
  return opened(keys, auth, runWrite(db, auth, wk, async ({ trx, version, now }) => {
    const { was, ...fields } = input;
    const changes = sentFields(fields);
    const before = await lockCustomer(trx, auth.companyId, uuid);
    if (!before) throw notFound('Customer');
    await recordFieldConflicts(trx, auth, now, { table: 'customers', uuid }, toCustomer(openCustomerRow(keys, before)), changes, was, keys);
    const sealed = changes.id_number === undefined ? changes : { ...changes, id_number: sealIdNumber(keys, auth.companyId, uuid, changes.id_number) };
    const row = await updateCustomerRow(trx, auth.companyId, uuid, { ...sealed, version, updated_at: now });
    if (!row) throw notFound('Customer');
    return { status: 200, body: { data: toCustomer(row) } };
  }, currentCustomer(auth, uuid)));
}

export async function getCustomer(db: DB, keys: ContentKeys, auth: AuthContext, uuid: string): Promise<Customer> {
  const row = await findCustomer(db, auth.companyId, uuid);
  if (!row) throw notFound('Customer');
  return customerReply(keys)(row);
}

export async function listCustomers(db: DB, keys: ContentKeys, auth: AuthContext, query: CustomerListQuery) {
  const { rows, total } = await listCustomerRows(db, auth.companyId, { page: query.page, perPage: query.per_page, search: query.search || undefined });
  return { data: rows.map(customerReply(keys)), meta: paginationMeta(query.page, query.per_page, total) };
}

/** This file's lending operations, as their routes and /api/sync/push call them (docs/architecture.md#lending-slice). */
export const customerHandlers = {
  CREATE_CUSTOMER: ({ app, auth, wk, body }) => createCustomer(app.db, app.contentKeys, auth, wk, body),
  UPDATE_CUSTOMER: ({ app, auth, wk, uuid, body }) => updateCustomer(app.db, app.contentKeys, auth, wk, uuid, body),
} satisfies Partial<OperationHandlers>;
