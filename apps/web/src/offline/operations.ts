import type { SyncOperation, SyncQueueEntry } from './db';
import { SYNC_OPERATIONS } from './db';

// The 13 queue operations mapped to the server calls of spec section 7. An entry's data is the request body
// plus the record's uuid (which, for updates and actions, goes in the path instead).

export interface OperationCall {
  method: 'POST' | 'PUT';
  path: string;
  body: Record<string, unknown>;
  /** How the reply is applied (queue-apply.ts). */
  reply: 'customer' | 'loan' | 'loan-action' | 'item' | 'category';
}

export class UnknownOperationError extends Error {
  constructor(operation: string) {
    super(`Unknown sync operation: ${operation}`);
  }
}

export function isSyncOperation(value: string): value is SyncOperation {
  return (SYNC_OPERATIONS as readonly string[]).includes(value);
}

interface Route {
  method: OperationCall['method'];
  base: string;
  /** After /{uuid} for actions; absent for creates, which post the whole body (uuid included) to base. */
  tail?: string;
  create?: true;
  reply: OperationCall['reply'];
}

/** Spec section 7, "Sync-queue calls". */
const ROUTES: Record<SyncOperation, Route> = {
  CREATE_LOAN: { method: 'POST', base: '/api/loans', create: true, reply: 'loan' },
  UPDATE_LOAN: { method: 'PUT', base: '/api/loans', tail: '', reply: 'loan' },
  RENEW_LOAN: { method: 'POST', base: '/api/loans', tail: '/renew', reply: 'loan-action' },
  REDEEM_LOAN: { method: 'POST', base: '/api/loans', tail: '/redeem', reply: 'loan-action' },
  FORFEIT_LOAN: { method: 'POST', base: '/api/loans', tail: '/forfeit', reply: 'loan-action' },
  CREATE_CUSTOMER: { method: 'POST', base: '/api/customers', create: true, reply: 'customer' },
  UPDATE_CUSTOMER: { method: 'PUT', base: '/api/customers', tail: '', reply: 'customer' },
  CREATE_ITEM: { method: 'POST', base: '/api/items', create: true, reply: 'item' },
  UPDATE_ITEM: { method: 'PUT', base: '/api/items', tail: '', reply: 'item' },
  MARK_ITEM_SOLD: { method: 'POST', base: '/api/items', tail: '/mark-as-sold', reply: 'item' },
  PROCESS_FORFEITED_ITEM: { method: 'PUT', base: '/api/items', tail: '/process-forfeited', reply: 'item' },
  CREATE_CATEGORY: { method: 'POST', base: '/api/categories', create: true, reply: 'category' },
  UPDATE_CATEGORY: { method: 'PUT', base: '/api/categories', tail: '', reply: 'category' },
};

/** The call an entry makes; an unknown operation is an error (spec section 4). */
export function callFor(entry: Pick<SyncQueueEntry, 'operation' | 'data'>): OperationCall {
  const op: string = entry.operation;
  if (!isSyncOperation(op)) throw new UnknownOperationError(op);
  const route = ROUTES[op];
  if (route.create) return { method: route.method, path: route.base, body: entry.data, reply: route.reply };
  const { uuid, ...body } = entry.data;
  return { method: route.method, path: `${route.base}/${encodeURIComponent(uuid)}${route.tail ?? ''}`, body, reply: route.reply };
}

/** The local table whose row an operation changes (its sync_status follows the entry). */
export function tableOf(operation: SyncOperation): 'loans' | 'customers' | 'items' | 'categories' {
  if (operation.endsWith('_LOAN')) return 'loans';
  if (operation.endsWith('_CUSTOMER')) return 'customers';
  if (operation.endsWith('_CATEGORY')) return 'categories';
  return 'items';
}
