// One file over 300 lines on purpose: it is the lending area's whole wire contract, the replies and the requests
// that share their field rules; the server's routes and the web's screens import it under one name.

import { z } from '../zod';
import { LANGUAGES } from '../languages';
import { isoDateSchema, paginated, pageQuerySchema } from '../common';
import { LOAN_PERIOD_TYPES } from '../categories';
import { formOptionalText } from '../form-fields';
import { parseMoneyText } from '../money-text';
import { metalItemFields, metalItemProblem } from './metal-rates';
import { ADVANCE_INTEREST, FORFEIT_MAX_REASON, FORFEIT_REASON_NEEDED, ITEM_STATUSES, LOAN_STATUSES, REASON_MAX, REASON_MIN, REASON_NEEDED, TRANSACTION_TYPES, isCalendarDate } from './rules';

// Money travels as pesos (numbers with at most two decimals); the server keeps integer centavos.
// Every create is keyed by the client's uuid; a repeat returns the first result (docs/decisions/0060).

// ---------- replies ----------

export const customerSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone_number: z.string().nullable(),
  address: z.string().nullable(),
  /** The ID presented at the counter (e.g. "Driver's License", "PhilSys ID"). */
  id_type: z.string().nullable(),
  id_number: z.string().nullable(),
  birth_date: z.string().nullable(),
  /** Where the notice before the redemption period ends is emailed (decision 0184). */
  email: z.string().nullable(),
  /** The rest of the know-your-customer record (decision 0186). */
  nationality: z.string().nullable(),
  occupation: z.string().nullable(),
  source_of_funds: z.string().nullable(),
  /** The language the pawner reads (decision 0291): notices and the ticket's default; null, or absent in a copy from before it existed: the site's default. */
  language: z.enum(LANGUAGES).nullable().optional(),
  /** The company's change-counter value of this row's last change: a copy with a smaller one is older (decision 0111). */
  version: z.number().int().min(0),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;

export const itemSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  loan_uuid: z.string(),
  customer_uuid: z.string(),
  category_id: z.number().int().nullable(),
  category_uuid: z.string().nullable(),
  description: z.string(),
  status: z.enum(ITEM_STATUSES),
  appraisal_value: z.number(),
  market_value: z.number().nullable(),
  selling_price: z.number().nullable(),
  final_selling_price: z.number().nullable(),
  sold_at: z.string().nullable(),
  buyer_name: z.string().nullable(),
  buyer_contact: z.string().nullable(),
  sale_notes: z.string().nullable(),
  /** The item's tag and place in the vault (decision 0308); absent from copies made before them. */
  tag_number: z.string().nullable().optional(),
  place_kind: z.enum(['vault', 'drawer', 'tray']).nullable().optional(),
  place_name: z.string().nullable().optional(),
  /** The vault holding the item, and whether it is on its way to another (decision 0303); absent from copies made before them. */
  branch_id: z.number().int().nullable().optional(),
  in_transit: z.boolean().optional(),
  /** The company's change-counter value of this row's last change: a copy with a smaller one is older (decision 0111). */
  version: z.number().int().min(0),
  created_at: z.string(),
  updated_at: z.string(),
  /** Jewellery (decision 0305): metal, purity, grams, and the day's rate (pesos a gram) and its day the appraisal used. */
  metal: z.string().nullable().optional(),
  purity: z.string().nullable().optional(),
  weight_grams: z.number().nullable().optional(),
  metal_rate: z.number().nullable().optional(),
  metal_rate_date: z.string().nullable().optional(),
});
export type Item = z.infer<typeof itemSchema>;

export const loanSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  /** Made by the server (PT-YYYY-NNNNNN), also for tickets written offline. */
  pawn_ticket_number: z.string(),
  /** The branch whose book and series the ticket is in (decision 0301); absent from a copy older than branches. */
  branch_id: z.number().int().nullable().optional(),
  customer_uuid: z.string(),
  category_id: z.number().int(),
  category_uuid: z.string(),
  status: z.enum(LOAN_STATUSES),
  loan_date: z.string(),
  maturity_date: z.string(),
  expiry_date: z.string(),
  renewal_date: z.string().nullable(),
  redemption_date: z.string().nullable(),
  forfeiture_date: z.string().nullable(),
  appraisal_value: z.number(),
  loan_amount: z.number(),
  service_charge: z.number(),
  interest_rate: z.number(),
  penalty_rate: z.number(),
  amount_disbursed: z.number(),
  paid_interest_amount: z.number(),
  paid_penalty_amount: z.number(),
  /** The uuid of the loan a renewal of this one created. */
  new_loan: z.string().nullable(),
  /** The uuid of the loan this one renewed, if any. */
  renewed_from: z.string().nullable(),
  notes: z.string().nullable(),
  /** The version of the category whose terms the ticket carries (a ticket printed offline: the device's copy); null for older loans. */
  category_version: z.number().int().nullable(),
  /** The category's terms had changed since that version when the loan reached the server; the ticket kept its own (decision 0104). */
  terms_changed: z.boolean(),
  /** The pawner asked in writing for a loan below 30 % of the appraised value; the ticket says so (decision 0182). */
  written_request: z.boolean(),
  /** After an extension: the day the interest is paid to (it runs again from the day after); null: from the loan date (decision 0189). */
  interest_from: z.string().nullable(),
  /** How many times paying the interest extended this ticket by a term (decision 0189). */
  extensions: z.number().int().min(0),
  /** When the notice before the redemption period's end was recorded; null: none (decision 0217). */
  notice_sent_at: z.string().nullable().optional(),
  /** Forfeited without a sent notice: the manager's reason (decision 0217). */
  forfeit_reason: z.string().nullable().optional(),
  /** Interest deducted from the proceeds when the ticket was written, pesos (decision 0219). */
  advance_interest: z.number().optional(),
  /** Prints of the ticket recorded on the server from any device, the first one's instant, and whether two devices printed an original (decision 0216). */
  prints: z.number().int().min(0).optional(),
  first_printed_at: z.string().nullable().optional(),
  print_conflict: z.boolean().optional(),
  items: z.array(itemSchema),
  /** The company's change-counter value of this row's last change: a copy with a smaller one is older (decision 0111). */
  version: z.number().int().min(0),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Loan = z.infer<typeof loanSchema>;

export const transactionSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  loan_uuid: z.string(),
  item_uuid: z.string().nullable(),
  type: z.enum(TRANSACTION_TYPES),
  amount: z.number(),
  /** The company's change-counter value of this row's last change: a copy with a smaller one is older (decision 0111). */
  version: z.number().int().min(0),
  created_at: z.string(),
  created_by: z.number().int().nullable(),
  /** The writer's name as it was then (the register says who, also after the user is removed). */
  created_by_name: z.string().nullable(),
  /** The day the money moved (the action's date): a closed cash day guards it. */
  entry_date: z.string(),
  /** A reversing entry: the entry it reverses, and why. */
  reverses_uuid: z.string().nullable(),
  reason: z.string().nullable(),
  /** The counter action that wrote it when the type alone does not say: 'reversal', 'extension'. */
  action: z.string().nullable(),
});
export type Transaction = z.infer<typeof transactionSchema>;

/** Reply of a reversal: the reversing entry and the entry it reverses (unchanged). */
export const transactionReverseReplySchema = z.object({ data: transactionSchema, original: transactionSchema });
export type TransactionReverseReply = z.infer<typeof transactionReverseReplySchema>;

export const customerReplySchema = z.object({ data: customerSchema });
export const itemReplySchema = z.object({ data: itemSchema });
export const loanReplySchema = z.object({ data: loanSchema });
export type LoanReply = z.infer<typeof loanReplySchema>;
/** Reply of renew, redeem and forfeit: the loan, the loan a renewal made, and the loan's transactions. */
export const loanActionReplySchema = z.object({
  data: loanSchema,
  new_loan: loanSchema.nullable(),
  transactions: z.array(transactionSchema),
});
export type LoanActionReply = z.infer<typeof loanActionReplySchema>;

export const customerListReplySchema = paginated(customerSchema);
export const loanListReplySchema = paginated(loanSchema);
export const itemListReplySchema = paginated(itemSchema);
export const transactionListReplySchema = paginated(transactionSchema);

// ---------- requests ----------

const MAX_PESOS = 100_000_000;

/** An amount in pesos: a number (or numeric text), not negative, at most two decimals. */
export function moneyField(label: string) {
  return z.preprocess(
    // Text read as people type it ("12,500", "₱12,500.50": money-text.ts, as the browser reads it); other text stays
    // text, so the message says "must be a number".
    (v) => (typeof v === 'string' ? (parseMoneyText(v) ?? v) : v),
    z
      .number({ message: `The ${label} must be a number.` })
      .min(0, `The ${label} may not be negative.`)
      .max(MAX_PESOS, `The ${label} is too large.`)
      .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, `The ${label} may have at most two decimals.`),
  );
}

export const calendarDateField = isoDateSchema.refine(isCalendarDate, 'Use a real calendar date (YYYY-MM-DD).');

const uuidField = (label = 'uuid') => z.uuid(`The ${label} must be a valid UUID.`);
const requiredText = (label: string, max = 255) =>
  z.string({ message: `The ${label} field is required.` }).trim().min(1, `The ${label} field is required.`).max(max, `The ${label} may not be greater than ${max} characters.`);

const customerFields = {
  first_name: requiredText('first name', 100),
  last_name: requiredText('last name', 100),
  phone_number: formOptionalText(40),
  address: formOptionalText(500),
  id_type: formOptionalText(100),
  id_number: formOptionalText(100),
  birth_date: calendarDateField.nullable().optional(),
  email: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v),
    z.email('The email must be a valid email address.').max(254, 'The email may not be greater than 254 characters.').nullable().optional(),
  ),
  nationality: formOptionalText(100),
  occupation: formOptionalText(200),
  source_of_funds: formOptionalText(200),
  language: z.enum(LANGUAGES, { message: 'The language must be Filipino or English.' }).nullable().optional(),
};

/** A value the device had before its change: text, a number (pesos) or nothing. */
const wasValue = z.union([z.string().max(5000), z.number(), z.null()]);

/**
 * `was` of an update (field merge, docs/decisions/0103): for each sent field, the value the device had before its
 * change. A field whose server value differs from it was changed meanwhile elsewhere: the sent value still wins,
 * and the server records the conflict (GET /api/sync/conflicts).
 */
function wasOf<K extends string>(fields: readonly [K, ...K[]]) {
  return z.partialRecord(z.enum(fields), wasValue, { message: 'The was field must give earlier values of the sent fields.' }).optional();
}
export type FieldWas = Partial<Record<string, string | number | null>>;

export const CUSTOMER_UPDATE_FIELDS = ['first_name', 'last_name', 'phone_number', 'address', 'id_type', 'id_number', 'birth_date', 'email', 'nationality', 'occupation', 'source_of_funds', 'language'] as const;

export const customerCreateSchema = z.object({ uuid: uuidField(), ...customerFields });
export type CustomerCreate = z.infer<typeof customerCreateSchema>;
/** PUT /api/customers/{uuid}: only the changed fields, and `was` with their earlier values (docs/decisions/0103). */
export const customerUpdateSchema = z.object(customerFields).partial().extend({ was: wasOf(CUSTOMER_UPDATE_FIELDS) });
export type CustomerUpdate = z.infer<typeof customerUpdateSchema>;

/** A loan's category: its server id, or the uuid of a category that may have been made offline. */
const categoryRef = {
  category_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  category_uuid: uuidField('category uuid').optional(),
};

const newItemFields = {
  uuid: uuidField('item uuid'),
  description: requiredText('description', 1000),
  appraisal_value: moneyField('appraisal value'),
  market_value: moneyField('market value').nullable().optional(),
  ...categoryRef,
  ...metalItemFields,
};

/** Jewellery's fields all or none (decision 0305). */
const metalItemCheck = (item: z.infer<z.ZodObject<typeof metalItemFields>>, ctx: z.RefinementCtx) => {
  const problem = metalItemProblem(item);
  if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.path] });
};

export const loanItemInputSchema = z.object(newItemFields).superRefine(metalItemCheck);
export type LoanItemInput = z.infer<typeof loanItemInputSchema>;

/**
 * The terms a device printed on a ticket, from its copy of the category at `category_version` (decision 0104).
 * The server checks them against the category's terms at that version and, if they match, keeps them even when
 * the category changed since.
 */
export const printedTermsSchema = z.object({
  interest_rate: z.number({ message: 'The interest rate must be a number.' }).min(0).max(100),
  penalty_rate: z.number({ message: 'The penalty rate must be a number.' }).min(0).max(100),
  loan_period: z.number().int().min(1).max(1000),
  loan_period_type: z.enum(LOAN_PERIOD_TYPES, { message: 'The loan period type must be day, week, month or year.' }),
  loan_period_expiry: z.number().int().min(0).max(1000),
  is_renewable: z.boolean(),
  /** Left out (an entry queued before the gadget class existed): not fast-depreciating. */
  fast_depreciating: z.boolean().optional(),
  /** Left out (an entry queued before the setting existed): as is_renewable (decision 0189). */
  is_extendable: z.boolean().optional(),
  /** Left out (an entry queued before the setting existed): none (decision 0219). */
  advance_interest: z.enum(ADVANCE_INTEREST).optional(),
  category_version: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
});
export type PrintedTerms = z.infer<typeof printedTermsSchema>;

/**
 * POST /api/loans: the client's uuid, customer, category, the counter's date, the amount lent and the items.
 * Ticket number, maturity, expiry and charges sent by the client are a preview: the server computes its own.
 */
export const loanCreateSchema = z
  .object({
    uuid: uuidField(),
    customer_uuid: uuidField('customer uuid'),
    ...categoryRef,
    loan_date: calendarDateField,
    loan_amount: moneyField('loan amount').refine((n) => n > 0, 'The loan amount must be greater than zero.'),
    notes: formOptionalText(2000),
    items: z.array(loanItemInputSchema, { message: 'At least one item is required.' }).min(1, 'At least one item is required.').max(50),
    /** The terms printed on the ticket (offline); left out, the category's current terms. */
    terms: printedTermsSchema.optional(),
    /** The pawner asked in writing for a loan below 30 % of the appraised value (required for such a loan; decision 0182). */
    written_request: z.boolean({ message: 'The written request must be true or false.' }).optional(),
  })
  .refine((v) => v.category_id !== undefined || v.category_uuid !== undefined, { message: 'The category field is required.', path: ['category_id'] });
export type LoanCreate = z.infer<typeof loanCreateSchema>;

/** PUT /api/loans/{uuid}: the amounts and dates of an issued ticket never change; its remarks may. */
export const loanUpdateSchema = z.object({ notes: formOptionalText(2000), was: wasOf(['notes']) });
export type LoanUpdate = z.infer<typeof loanUpdateSchema>;

/** The counter's date of an action (written offline, maybe hours earlier); today when left out. */
const actionDate = calendarDateField.optional();

export const loanRenewSchema = z.object({ new_uuid: uuidField('new uuid'), renewal_date: actionDate });
export type LoanRenew = z.infer<typeof loanRenewSchema>;
/**
 * POST /api/loans/{uuid}/extend: the pawner pays the interest due and the ticket runs one term more (decision 0189).
 * `from_maturity_date` is the maturity the device extended from: the server extends only a loan that still has it,
 * so a second extension sent from the same state (another device, another key) is refused instead of applied twice.
 */
export const loanExtendSchema = z.object({
  from_maturity_date: calendarDateField,
  extension_date: actionDate,
});
export type LoanExtend = z.infer<typeof loanExtendSchema>;
/**
 * POST /api/loans/{uuid}/prints: one print of the ticket on a device (decision 0216). `print_uuid` keys it (a repeat
 * records nothing more); `as_reprint` is what the device printed, an original or a REPRINT, knowing the prints it knew.
 */
export const ticketPrintSchema = z.object({
  print_uuid: uuidField('print uuid'),
  device_id: z.string().trim().min(1, 'The device id is required.').max(100, 'The device id may not be greater than 100 characters.'),
  printed_at: z.iso.datetime({ offset: true, message: 'The printed at field must be an ISO date-time.' }),
  as_reprint: z.boolean({ message: 'The reprint mark must be true or false.' }),
});
export type TicketPrint = z.infer<typeof ticketPrintSchema>;
export const loanRedeemSchema = z.object({ redemption_date: actionDate });
export type LoanRedeem = z.infer<typeof loanRedeemSchema>;
export const loanForfeitSchema = z.object({
  forfeiture_date: actionDate,
  /** A manager's reason to forfeit a ticket whose pawner was sent no notice (decision 0217); refused without one. */
  no_notice_reason: z.string().trim().max(FORFEIT_MAX_REASON, FORFEIT_REASON_NEEDED).optional(),
});
export type LoanForfeit = z.infer<typeof loanForfeitSchema>;

/** POST /api/items: another item added to an active loan. */
export const itemCreateSchema = z.object({ ...newItemFields, loan_uuid: uuidField('loan uuid') }).superRefine(metalItemCheck);
export type ItemCreate = z.infer<typeof itemCreateSchema>;
export const itemUpdateSchema = z.object({
  description: requiredText('description', 1000).optional(),
  market_value: moneyField('market value').nullable().optional(),
  was: wasOf(['description', 'market_value']),
});
export type ItemUpdate = z.infer<typeof itemUpdateSchema>;

/** A price asked or paid for an item: more than nothing (a sale for PHP 0 would leave no money record). */
const priceField = (label: string) => moneyField(label).refine((n) => n > 0, `The ${label} must be greater than zero.`);

export const processForfeitedSchema = z.object({ selling_price: priceField('selling price') });
export type ProcessForfeited = z.infer<typeof processForfeitedSchema>;

export const markSoldSchema = z.object({
  final_selling_price: priceField('final selling price'),
  buyer_name: requiredText('buyer name', 200),
  buyer_contact: formOptionalText(200),
  sale_notes: formOptionalText(2000),
  /** When the sale happened at the counter (ISO date-time); now when left out. */
  sold_at: z.iso.datetime({ offset: true, message: 'The sold at field must be an ISO date-time.' }).optional(),
});
export type MarkSold = z.infer<typeof markSoldSchema>;

// ---------- list queries ----------

const optionalUuid = z.preprocess((v) => (v === '' ? undefined : v), uuidField().optional());
const search = z.string().trim().max(200).optional();

export const customerListQuerySchema = pageQuerySchema.extend({ search });
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;

/** Loan tabs: the statuses, plus 'maturing' (active, maturing within N days) and 'expired' (active, past expiry). */
export const LOAN_LIST_STATUSES = [...LOAN_STATUSES, 'maturing', 'expired'] as const;
/** product-rules.md#constants: loans nearing maturity default to 7 days; recent loans to 50. */
export const MATURING_WITHIN_DAYS = 7;
export const RECENT_LOANS = 50;

export const loanListQuerySchema = pageQuerySchema.extend({
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(LOAN_LIST_STATUSES).optional()),
  customer_uuid: optionalUuid,
  maturing_within_days: z.coerce.number().int().min(0).max(3650).default(MATURING_WITHIN_DAYS),
  /** Ticket number or customer name. */
  search,
  /** One branch's book (decision 0324): a clerk's own branches only; without it, all the caller's branches. */
  branch_id: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int('The branch must be a branch id.').positive('The branch must be a branch id.').optional()),
});
export type LoanListQuery = z.infer<typeof loanListQuerySchema>;

export const itemListQuerySchema = pageQuerySchema.extend({
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(ITEM_STATUSES).optional()),
  loan_uuid: optionalUuid,
  customer_uuid: optionalUuid,
});
export type ItemListQuery = z.infer<typeof itemListQuerySchema>;

export const transactionListQuerySchema = pageQuerySchema.extend({
  loan_uuid: optionalUuid,
  type: z.preprocess((v) => (v === '' ? undefined : v), z.enum(TRANSACTION_TYPES).optional()),
});
export type TransactionListQuery = z.infer<typeof transactionListQuerySchema>;

/** A reversing entry: its own uuid (the client's, so a repeat is the same reversal) and the reason. */
export const transactionReverseSchema = z.object({
  uuid: uuidField(),
  reason: z.string().trim().min(REASON_MIN, REASON_NEEDED).max(REASON_MAX, REASON_NEEDED),
});
export type TransactionReverse = z.infer<typeof transactionReverseSchema>;
