// The lending operations of the offline queue (product-rules.md#sync-queue): their names, routes and replies,
// zod-free. The device's sync engine reads only these (its start evaluates no zod, decision 0335);
// operations.ts adds each operation's body schema for the server's routes and /api/sync/push
// (docs/architecture.md#lending-slice, decision 0260).

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
  'RECORD_TICKET_PRINT',
  'PLACE_ITEM',
] as const;
export type SyncOperation = (typeof SYNC_OPERATIONS)[number];

/** How the device applies an operation's reply: `{ data: row }` of that kind, or for 'loan-action' `{ data, new_loan, transactions }`. */
export type ReplyKind = 'customer' | 'loan' | 'loan-action' | 'item' | 'category' | 'cash-day';

/** What the API reference says of an operation's route (every route has a summary and a unique operationId). */
export interface OperationDoc {
  summary: string;
  operationId: string;
  description?: string;
}

export interface OperationRoute extends OperationDoc {
  method: 'POST' | 'PUT';
  /** The route: `:uuid` stands for the record's uuid (updates and actions); a create posts its whole body, uuid included. */
  path: string;
  /** A create: the uuid travels in the body, not the path. */
  create: boolean;
  /** The reply's shape, and so how the device applies it and which schema the route declares. */
  reply: ReplyKind;
  /** The table whose row the operation changes. */
  table: 'customers' | 'loans' | 'items' | 'categories' | 'cashDays';
  /**
   * The route reads its body as a form (multipart, with an image) and its service validates it: the categories
   * module registers it (as `:id`, an id or a uuid), not the lending routes; /api/sync/push sends it the JSON body.
   */
  form?: true;
  /** Besides a create, a write that may add a row (a print's record): its route may answer 201. */
  adds?: true;
}

const create = <R extends ReplyKind, T extends OperationRoute['table']>(path: string, reply: R, table: T, doc: OperationDoc) =>
  ({ method: 'POST', path, create: true, reply, table, ...doc }) as const;
const onRecord = <M extends OperationRoute['method'], R extends ReplyKind, T extends OperationRoute['table']>(method: M, path: string, reply: R, table: T, doc: OperationDoc) =>
  ({ method, path, create: false, reply, table, ...doc }) as const;
const form = { form: true } as const;

/**
 * Each operation's route, reply and words, once. operations.ts adds each one's body schema (LENDING_OPERATIONS);
 * the device makes its calls and applies the replies from these alone (docs/architecture.md#lending-slice).
 */
export const OPERATION_ROUTES = {
  CREATE_LOAN: create('/api/loans', 'loan', 'loans', {
    summary: 'Grants a pawn loan on an item; a repeat with the same Idempotency-Key replays the first reply.',
    operationId: 'createLoan',
  }),
  UPDATE_LOAN: onRecord('PUT', '/api/loans/:uuid', 'loan', 'loans', { summary: "Changes a pawn loan's details.", operationId: 'updateLoan' }),
  RENEW_LOAN: onRecord('POST', '/api/loans/:uuid/renew', 'loan-action', 'loans', {
    summary: 'Renews a pawn loan: the interest is paid and a new term starts.',
    operationId: 'renewLoan',
  }),
  // Paying the interest due extends the loan by a term on the same ticket (decision 0189).
  EXTEND_LOAN: onRecord('POST', '/api/loans/:uuid/extend', 'loan-action', 'loans', {
    summary: 'Extends a pawn loan by one term on the same ticket: the interest due is paid.',
    description: 'Decision 0189. 409 when the loan is not active, expired, its category does not allow it, it was extended meanwhile, or the cash day is closed.',
    operationId: 'extendLoan',
  }),
  REDEEM_LOAN: onRecord('POST', '/api/loans/:uuid/redeem', 'loan-action', 'loans', {
    summary: 'Redeems a pawn loan: it is paid off and the item goes back.',
    operationId: 'redeemLoan',
  }),
  FORFEIT_LOAN: onRecord('POST', '/api/loans/:uuid/forfeit', 'loan-action', 'loans', {
    summary: "Forfeits a pawn loan: the item becomes the shop's.",
    operationId: 'forfeitLoan',
  }),
  CREATE_CUSTOMER: create('/api/customers', 'customer', 'customers', {
    summary: 'Adds a pawn customer; a repeat with the same Idempotency-Key replays the first reply.',
    operationId: 'createCustomer',
  }),
  UPDATE_CUSTOMER: onRecord('PUT', '/api/customers/:uuid', 'customer', 'customers', {
    summary: "Changes a pawn customer's details.",
    operationId: 'updateCustomer',
  }),
  CREATE_ITEM: create('/api/items', 'item', 'items', {
    summary: 'Records a pawned item; a repeat with the same Idempotency-Key replays the first reply.',
    operationId: 'createItem',
  }),
  UPDATE_ITEM: onRecord('PUT', '/api/items/:uuid', 'item', 'items', { summary: "Changes a pawned item's details.", operationId: 'updateItem' }),
  MARK_ITEM_SOLD: onRecord('POST', '/api/items/:uuid/mark-as-sold', 'item', 'items', { summary: 'Marks a forfeited item as sold.', operationId: 'markItemSold' }),
  PROCESS_FORFEITED_ITEM: onRecord('PUT', '/api/items/:uuid/process-forfeited', 'item', 'items', {
    summary: 'Takes a forfeited item into stock for sale.',
    operationId: 'processForfeitedItem',
  }),
  CREATE_CATEGORY: {
    ...create('/api/categories', 'category', 'categories', { summary: 'Creates a category (optionally with an image).', operationId: 'createCategory' }),
    ...form,
  },
  UPDATE_CATEGORY: {
    ...onRecord('PUT', '/api/categories/:uuid', 'category', 'categories', { summary: 'Changes a category.', operationId: 'updateCategory' }),
    ...form,
  },
  // A clerk's cash day (decision 0188): opened and closed offline like any write.
  OPEN_CASH_DAY: create('/api/cash-days', 'cash-day', 'cashDays', {
    summary: "Opens the signed-in clerk's cash day with its float.",
    operationId: 'openCashDay',
  }),
  CLOSE_CASH_DAY: onRecord('POST', '/api/cash-days/:uuid/close', 'cash-day', 'cashDays', {
    summary: 'Closes a cash day with the counted cash and records any difference.',
    operationId: 'closeCashDay',
  }),
  // A ticket printed on a device (decision 0216): recorded once, so every device prints REPRINT after it.
  RECORD_TICKET_PRINT: {
    ...onRecord('POST', '/api/loans/:uuid/prints', 'loan', 'loans', {
      summary: 'Records one print of a pawn ticket on a device; a later print anywhere says REPRINT.',
      description: 'Decision 0216. Keyed by print_uuid. An original printed after any earlier print flags the loan (print_conflict).',
      operationId: 'recordTicketPrint',
    }),
    adds: true,
  },
  // An item's tag and its place in the vault, set at intake and on every move (decision 0308).
  PLACE_ITEM: onRecord('POST', '/api/items/:uuid/place', 'item', 'items', {
    summary: "Tags an item or moves it to a place in the vault; the move is recorded in the item's history.",
    description: 'Decision 0308. 409 when the tag number is another item’s in the company, or the item has left the vault.',
    operationId: 'placeItem',
  }),
} as const satisfies Record<SyncOperation, OperationRoute>;

export function isSyncOperation(value: string): value is SyncOperation {
  return (SYNC_OPERATIONS as readonly string[]).includes(value);
}

/** The path an operation calls for a record: `:uuid` replaced by the (encoded) uuid; a create's path as it is. */
export function operationPath(op: SyncOperation, uuid: string): string {
  return OPERATION_ROUTES[op].path.replace(':uuid', encodeURIComponent(uuid));
}
