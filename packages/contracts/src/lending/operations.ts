import type { ZodType } from 'zod';
import { cashDayCloseSchema, cashDayOpenSchema } from '../cash-days';
import { categoryCreateSchema, categoryUpdateSchema } from '../categories';
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
  ticketPrintSchema,
} from './schemas';
import { itemPlaceSchema } from './vault';
import { OPERATION_ROUTES, type OperationRoute, type SyncOperation } from './operation-routes';

// The lending operations of the offline queue with their body schemas: the routes, replies and words are
// operation-routes.ts's (zod-free, what the device's sync engine reads, decision 0335); the server declares its
// routes and /api/sync/push's handlers from this table (docs/architecture.md#lending-slice, decision 0260).

export { isSyncOperation, operationPath, SYNC_OPERATIONS, type OperationDoc, type OperationRoute, type ReplyKind, type SyncOperation } from './operation-routes';

export interface OperationSpec extends OperationRoute {
  /** The request body's schema (for an update or action, without the record's uuid). */
  body: ZodType;
}

/** Each operation's route with its body's schema. Entries keep their own body schema's type (`satisfies`), so a route declared from one is typed. */
export const LENDING_OPERATIONS = {
  CREATE_LOAN: { ...OPERATION_ROUTES.CREATE_LOAN, body: loanCreateSchema },
  UPDATE_LOAN: { ...OPERATION_ROUTES.UPDATE_LOAN, body: loanUpdateSchema },
  RENEW_LOAN: { ...OPERATION_ROUTES.RENEW_LOAN, body: loanRenewSchema },
  EXTEND_LOAN: { ...OPERATION_ROUTES.EXTEND_LOAN, body: loanExtendSchema },
  REDEEM_LOAN: { ...OPERATION_ROUTES.REDEEM_LOAN, body: loanRedeemSchema },
  FORFEIT_LOAN: { ...OPERATION_ROUTES.FORFEIT_LOAN, body: loanForfeitSchema },
  CREATE_CUSTOMER: { ...OPERATION_ROUTES.CREATE_CUSTOMER, body: customerCreateSchema },
  UPDATE_CUSTOMER: { ...OPERATION_ROUTES.UPDATE_CUSTOMER, body: customerUpdateSchema },
  CREATE_ITEM: { ...OPERATION_ROUTES.CREATE_ITEM, body: itemCreateSchema },
  UPDATE_ITEM: { ...OPERATION_ROUTES.UPDATE_ITEM, body: itemUpdateSchema },
  MARK_ITEM_SOLD: { ...OPERATION_ROUTES.MARK_ITEM_SOLD, body: markSoldSchema },
  PROCESS_FORFEITED_ITEM: { ...OPERATION_ROUTES.PROCESS_FORFEITED_ITEM, body: processForfeitedSchema },
  CREATE_CATEGORY: { ...OPERATION_ROUTES.CREATE_CATEGORY, body: categoryCreateSchema },
  UPDATE_CATEGORY: { ...OPERATION_ROUTES.UPDATE_CATEGORY, body: categoryUpdateSchema },
  OPEN_CASH_DAY: { ...OPERATION_ROUTES.OPEN_CASH_DAY, body: cashDayOpenSchema },
  CLOSE_CASH_DAY: { ...OPERATION_ROUTES.CLOSE_CASH_DAY, body: cashDayCloseSchema },
  RECORD_TICKET_PRINT: { ...OPERATION_ROUTES.RECORD_TICKET_PRINT, body: ticketPrintSchema },
  PLACE_ITEM: { ...OPERATION_ROUTES.PLACE_ITEM, body: itemPlaceSchema },
} as const satisfies Record<SyncOperation, OperationSpec>;
