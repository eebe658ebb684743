import type { ZodType } from 'zod';
import { cashDayCloseSchema, cashDayOpenSchema } from './cash-days';
import { categoryCreateSchema, categoryUpdateSchema } from './categories';
import {
  customerCreateSchema,
  customerUpdateSchema,
  itemCreateSchema,
  itemUpdateSchema,
  loanCreateSchema,
  loanExtendSchema,
  loanForfeitSchema,
  loanRedeemSchema,
  loanRenewSchema,
  loanUpdateSchema,
  markSoldSchema,
  processForfeitedSchema,
} from './lending';

// The lending operations of the offline queue (product-rules.md#sync-queue) as one table, read by the web
// queue to make its calls and by the server to declare its routes, so the two cannot drift.

export const SYNC_OPERATIONS = [
  'CREATE_LOAN',
  'UPDATE_LOAN',
  'CREATE_CUSTOMER',
  'UPDATE_CUSTOMER',
  'CREATE_ITEM',
  'UPDATE_ITEM',
  'CREATE_CATEGORY',
  'UPDATE_CATEGORY',
  'RENEW_LOAN',
  'EXTEND_LOAN',
  'REDEEM_LOAN',
  'FORFEIT_LOAN',
  'MARK_ITEM_SOLD',
  'PROCESS_FORFEITED_ITEM',
  'OPEN_CASH_DAY',
  'CLOSE_CASH_DAY',
] as const;
export type SyncOperation = (typeof SYNC_OPERATIONS)[number];

export interface OperationSpec {
  method: 'POST' | 'PUT';
  /** The route: `:uuid` stands for the record's uuid (updates and actions); a create posts its whole body, uuid included. */
  path: string;
  /** A create: the uuid travels in the body, not the path. */
  create: boolean;
  /** The request body's schema (for an update or action, without the record's uuid). */
  body: ZodType;
  /** The reply's shape: `{ data: row }` of that kind, or for 'loan-action' `{ data, new_loan, transactions }`. */
  reply: 'customer' | 'loan' | 'loan-action' | 'item' | 'category' | 'cash-day';
  /** The table whose row the operation changes. */
  table: 'customers' | 'loans' | 'items' | 'categories' | 'cashDays';
}

const create = <B extends ZodType, R extends OperationSpec['reply'], T extends OperationSpec['table']>(path: string, body: B, reply: R, table: T) =>
  ({ method: 'POST', path, create: true, body, reply, table }) as const;
const onRecord = <M extends OperationSpec['method'], B extends ZodType, R extends OperationSpec['reply'], T extends OperationSpec['table']>(
  method: M,
  path: string,
  body: B,
  reply: R,
  table: T,
) => ({ method, path, create: false, body, reply, table }) as const;

/** Each operation's call. Entries keep their own body schema's type (`satisfies`), so a route declared from one is typed. */
export const LENDING_OPERATIONS = {
  CREATE_LOAN: create('/api/loans', loanCreateSchema, 'loan', 'loans'),
  UPDATE_LOAN: onRecord('PUT', '/api/loans/:uuid', loanUpdateSchema, 'loan', 'loans'),
  RENEW_LOAN: onRecord('POST', '/api/loans/:uuid/renew', loanRenewSchema, 'loan-action', 'loans'),
  // Paying the interest due extends the loan by a term on the same ticket (decision 0189).
  EXTEND_LOAN: onRecord('POST', '/api/loans/:uuid/extend', loanExtendSchema, 'loan-action', 'loans'),
  REDEEM_LOAN: onRecord('POST', '/api/loans/:uuid/redeem', loanRedeemSchema, 'loan-action', 'loans'),
  FORFEIT_LOAN: onRecord('POST', '/api/loans/:uuid/forfeit', loanForfeitSchema, 'loan-action', 'loans'),
  CREATE_CUSTOMER: create('/api/customers', customerCreateSchema, 'customer', 'customers'),
  UPDATE_CUSTOMER: onRecord('PUT', '/api/customers/:uuid', customerUpdateSchema, 'customer', 'customers'),
  CREATE_ITEM: create('/api/items', itemCreateSchema, 'item', 'items'),
  UPDATE_ITEM: onRecord('PUT', '/api/items/:uuid', itemUpdateSchema, 'item', 'items'),
  MARK_ITEM_SOLD: onRecord('POST', '/api/items/:uuid/mark-as-sold', markSoldSchema, 'item', 'items'),
  PROCESS_FORFEITED_ITEM: onRecord('PUT', '/api/items/:uuid/process-forfeited', processForfeitedSchema, 'item', 'items'),
  CREATE_CATEGORY: create('/api/categories', categoryCreateSchema, 'category', 'categories'),
  UPDATE_CATEGORY: onRecord('PUT', '/api/categories/:uuid', categoryUpdateSchema, 'category', 'categories'),
  // A clerk's cash day (decision 0188): opened and closed offline like any write.
  OPEN_CASH_DAY: create('/api/cash-days', cashDayOpenSchema, 'cash-day', 'cashDays'),
  CLOSE_CASH_DAY: onRecord('POST', '/api/cash-days/:uuid/close', cashDayCloseSchema, 'cash-day', 'cashDays'),
} as const satisfies Record<SyncOperation, OperationSpec>;

export function isSyncOperation(value: string): value is SyncOperation {
  return (SYNC_OPERATIONS as readonly string[]).includes(value);
}

/** The path an operation calls for a record: `:uuid` replaced by the (encoded) uuid; a create's path as it is. */
export function operationPath(op: SyncOperation, uuid: string): string {
  return LENDING_OPERATIONS[op].path.replace(':uuid', encodeURIComponent(uuid));
}
