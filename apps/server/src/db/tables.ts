/* eslint-disable max-lines -- one table of types: Kysely reads the whole schema from the one `Database` interface
   below, and a newcomer finds every table's columns in one place; it holds only types (one interface a table), no
   logic (decision 0379). */

import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { VaultTables } from './vault-tables';

// Portable column conventions (docs/decisions/0002-portable-schema.md):
// instants are ISO 8601 UTC text, calendar dates YYYY-MM-DD text, booleans 0/1 integers.

export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  timezone: string;
  created_at: string;
  updated_at: string;
}

export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  password_hash: string;
  avatar: string | null;
  user_type: 'student' | 'personnel' | 'counselor';
  student_id: string | null;
  department: string | null;
  birth_date: string | null;
  status: 'active' | 'inactive';
  created_at: string;
  updated_at: string;
  /** 0/1: a counselor in training (migration 027, decision 0201). */
  is_trainee: Generated<number>;
  /** The counselor who supervises this counselor's clinical work and may read their clients (migration 027). */
  clinical_supervisor_id: Generated<number | null>;
  /** 'fil' | 'en': the user's language; null, none chosen (migration 034, decision 0246). */
  language: Generated<string | null>;
  /** The user whose account created this one; null: unknown, or no one (migration 055, decision 0358). */
  created_by: Generated<number | null>;
}

export interface CompanyUserTable {
  company_id: number;
  user_id: number;
  is_default: number;
  created_at: string;
}

export interface PermissionsTable {
  id: Generated<number>;
  name: string;
}

export interface RolesTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  created_at: string;
}

export interface RolePermissionTable {
  role_id: number;
  permission_id: number;
}

export interface RoleUserTable {
  role_id: number;
  user_id: number;
}

export interface AccessTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  last_used_at: string;
  expires_at: string;
}

/** A sign-in limit's counter: failures (or registrations) under one key until expires_at. */
export interface AuthAttemptsTable {
  key: string;
  count: number;
  expires_at: string;
}

export interface SettingsTable {
  company_id: number;
  site_name: string | null;
  site_logo: string | null;
  business_name: string | null;
  business_address: string | null;
  appointment_duration_minutes: number;
  students_can_book: number;
  /** Reminders fall due this many hours before the start; 0 = no reminders (migration 010). */
  reminder_hours_before: Generated<number>;
  /** Hours before the start until which a client may cancel or move (0 = until it starts; migration 009). */
  cancellation_notice_hours: Generated<number>;
  /** Days before the server's today a lending action may be dated without 'backdate lending' (migration 012). */
  lending_backdate_days: Generated<number>;
  /** The shop's registration with the Bangko Sentral, printed on tickets (migration 021). */
  bsp_registration: string | null;
  /** The lending business's own name and address on tickets and notices; null: the business's (migration 030, decision 0220). */
  pawnshop_name: Generated<string | null>;
  pawnshop_address: Generated<string | null>;
  /** Tickets whose redemption period ends within this many days are listed to notify (migration 021). */
  pawn_notice_days: Generated<number>;
  /** The shop's next auction, named on the notice when set (migration 024, decision 0194). */
  pawn_auction_date: Generated<string | null>;
  pawn_auction_place: Generated<string | null>;
  /** Centavos: a customer's first loan above it needs their full record; null: no such rule (migration 021). */
  kyc_loan_threshold: number | string | null;
  /** Minutes a waitlist offer is held for the client it was offered to (migration 018). */
  waitlist_hold_minutes: Generated<number>;
  /** Hours after a client lets a held time go before they are offered another; 0 = at once (migration 031, decision 0223). */
  waitlist_cooldown_hours: Generated<number>;
  /** No-shows or late cancellations in a row after which a client's next booking waits for approval; 0 = off (migration 019). */
  no_show_limit: Generated<number>;
  /** Hours a break-the-glass grant lasts (migration 027, decision 0203). */
  break_glass_hours: Generated<number>;
  /** Years a closed client file is kept before it is listed to purge (migration 032, decision 0236). */
  retention_years: Generated<number>;
  /** The month (YYYY-MM) the retention job last listed files to purge. */
  retention_listed_month: Generated<string | null>;
  /** 'fil' | 'en': the language of users who chose none; null, the browser's guess (migration 034, decision 0246). */
  default_language: Generated<string | null>;
  /** 0/1: group absences and late cancellations count toward the no-show policy (migration 036, decision 0280). */
  group_absences_count: Generated<number>;
  updated_at: string;
}

export interface CategoriesTable {
  id: Generated<number>;
  uuid: string;
  company_id: number;
  /** 'counselling' or 'lending' (migration 013). */
  kind: Generated<'counselling' | 'lending'>;
  title: string;
  description: string | null;
  image_path: string | null;
  name: string | null;
  interest_rate: number;
  penalty_rate: number;
  loan_period: number;
  loan_period_type: string;
  loan_period_expiry: number;
  is_renewable: number;
  /** 0/1: gadgets, a redemption period of at least 30 days instead of 90 (migration 016). */
  fast_depreciating: Generated<number>;
  /** 0/1: paying the interest extends a loan by a term on the same ticket (migration 023). */
  is_extendable: Generated<number>;
  /** 0 none, 1 the first term's interest deducted from the proceeds, at most a year's (migration 030, decision 0219). */
  advance_interest: Generated<number>;
  /** Percent of the appraised value the counter suggests lending; null: the default (migration 038, decision 0305). */
  ltv_percent: Generated<number | null>;
  /** The company's lending change counter at this row's last write (sync cursor). */
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface ResourcesTable {
  id: Generated<number>;
  uuid: string;
  company_id: number;
  title: string;
  content: string;
  image_path: string | null;
  type: string | null;
  is_published: number;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface CategoryResourceTable {
  category_id: number;
  resource_id: number;
}

export interface CounselorSchedulesTable {
  id: Generated<number>;
  company_id: number;
  counselor_id: number;
  day: string;
  is_available: number;
  start_time: string;
  end_time: string;
  break_start: string | null;
  break_end: string | null;
  /** Slot starts held back for urgent cases, HH:mm comma-separated ('' for none). */
  held_times: Generated<string>;
}

export interface ExcludedDatesTable {
  id: Generated<number>;
  company_id: number;
  counselor_id: number;
  excluded_date: string;
  reason: string | null;
  created_at: string;
}

export interface AppointmentsTable {
  id: Generated<number>;
  uuid: string;
  company_id: number;
  counselor_id: number;
  client_id: number;
  category_id: number;
  /** Start instant, ISO 8601 UTC, always written by Date.toISOString() so equal instants are equal text. */
  appointment_date: string;
  /** The start's calendar day in the company's time zone, kept for reports and day queries. */
  local_date: string;
  duration_minutes: number;
  reason: string;
  status: 'pending' | 'confirmed' | 'completed' | 'cancelled' | 'no_show';
  location_type: 'online' | 'on-site';
  location: string | null;
  user_type: 'student' | 'personnel';
  notes: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  /** The series this session belongs to, and its place in it (1-based, date order); null for a single booking (migration 014). */
  series_id?: number | null;
  series_index?: number | null;
  /** 1 when the client cancelled inside the notice period (migration 019). */
  late_cancellation?: number;
  /** Why the booking waits for the counselor's approval under the no-show policy; null otherwise (migration 019). */
  approval_reason?: string | null;
  /** The calendar event's RFC 5545 SEQUENCE, raised by a trigger on every change a calendar shows (migration 031, decision 0222). */
  ics_sequence?: number;
}

/** A booked run of weekly or fortnightly sessions (migration 014; decision 0150). */
export interface AppointmentSeriesTable {
  id: Generated<number>;
  uuid: string;
  company_id: number;
  counselor_id: number;
  client_id: number;
  frequency: 'weekly' | 'fortnightly';
  /** Sessions booked with the series ("3 of 12"). */
  total: number;
  created_by: number | null;
  created_at: string;
}

export interface AppointmentStatusChangesTable {
  id: Generated<number>;
  company_id: number;
  appointment_id: number;
  from_status: string | null;
  to_status: string;
  changed_by: number | null;
  changed_at: string;
  /** Why a client cancelled (migration 009). */
  reason: Generated<string | null>;
  /** A move's old and new start (ISO instants; migration 009). */
  previous_date: Generated<string | null>;
  new_date: Generated<string | null>;
}

/** Bumped by triggers on every write to a company's appointments (migration 005); keys cached list totals. */
export interface AppointmentVersionsTable {
  company_id: number;
  version: number;
}

// ---------- lending (migration 006; decisions 0060-0065). Money: integer centavos. ----------

/** Per company: the change counter every lending write bumps (sync cursor), and the last ticket number. */
export interface LendingCountersTable {
  company_id: number;
  sync_version: Generated<number>;
  last_ticket_number: Generated<number>;
}

export interface CustomersTable {
  id: Generated<number>;
  company_id: number;
  uuid: string;
  first_name: string;
  last_name: string;
  phone_number: string | null;
  address: string | null;
  id_type: string | null;
  id_number: string | null;
  birth_date: string | null;
  /** Migration 021: where a notice is emailed, and the rest of the know-your-customer record. */
  email: Generated<string | null>;
  nationality: Generated<string | null>;
  occupation: Generated<string | null>;
  source_of_funds: Generated<string | null>;
  /** Migration 043: the pawner's language ('fil', 'en'; null: the site's default), for notices and the ticket (decision 0291). */
  language: Generated<string | null>;
  version: number;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface LoansTable {
  id: Generated<number>;
  company_id: number;
  uuid: string;
  pawn_ticket_number: string;
  customer_id: number;
  customer_uuid: string;
  category_id: number;
  category_uuid: string;
  status: 'active' | 'renewed' | 'redeemed' | 'forfeited';
  loan_date: string;
  maturity_date: string;
  expiry_date: string;
  renewal_date: string | null;
  redemption_date: string | null;
  forfeiture_date: string | null;
  appraisal_value: number;
  loan_amount: number;
  service_charge: number;
  interest_rate: number;
  penalty_rate: number;
  amount_disbursed: number;
  paid_interest_amount: number;
  paid_penalty_amount: number;
  new_loan: string | null;
  renewed_from: string | null;
  notes: string | null;
  version: number;
  /** The version of the category whose terms the ticket carries (migration 011; null before it). */
  category_version: number | null;
  /** 1 when the category's terms had changed since that version when the loan reached the server. */
  terms_changed: Generated<number>;
  /** 0/1: the pawner's written request for a loan below 30 % of the appraised value (migration 016). */
  written_request: Generated<number>;
  /** Where interest runs from after an extension (null: the loan date), and how many extensions (migration 022). */
  interest_from: Generated<string | null>;
  extensions: Generated<number>;
  /** Centavos of interest deducted from the proceeds when written (migration 030, decision 0219). */
  advance_interest: Generated<number>;
  /** Prints recorded on the server, the first one's instant, 1 when two devices printed an original (decision 0216). */
  prints: Generated<number>;
  first_printed_at: Generated<string | null>;
  print_conflict: Generated<number>;
  /** When the notice before the period's end was recorded; a forfeiture without one: the manager's reason and who (decision 0217). */
  notice_sent_at: Generated<string | null>;
  forfeit_reason: Generated<string | null>;
  forfeit_override_by: Generated<number | null>;
  /** Migration 037: the branch (decision 0301); set by every write, null only in a database older than it. */
  branch_id: number | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface ItemsTable {
  id: Generated<number>;
  company_id: number;
  uuid: string;
  loan_id: number;
  loan_uuid: string;
  customer_uuid: string;
  category_id: number | null;
  category_uuid: string | null;
  description: string;
  status: 'pawned' | 'redeemed' | 'forfeited' | 'for_sale' | 'sold';
  appraisal_value: number;
  market_value: number | null;
  /** Migration 038 (decision 0305): jewellery's metal, purity and weight, and the day's rate (centavos a gram) its appraisal used. */
  metal: Generated<string | null>;
  purity: Generated<string | null>;
  weight_centigrams: Generated<number | null>;
  metal_rate_id: Generated<number | null>;
  metal_rate: Generated<number | null>;
  metal_rate_date: Generated<string | null>;
  selling_price: number | null;
  final_selling_price: number | null;
  sold_at: string | null;
  buyer_name: string | null;
  buyer_contact: string | null;
  sale_notes: string | null;
  /** Migration 039: the item's tag (unique in the company) and place in the vault (decision 0308). */
  tag_number: Generated<string | null>;
  place_kind: Generated<'vault' | 'drawer' | 'tray' | null>;
  place_name: Generated<string | null>;
  /** Migration 037: the vault holding the item, and 1 while a transfer is under way (counted in no vault; decision 0303). */
  branch_id: number | null;
  in_transit: Generated<number>;
  version: number;
  created_at: string;
  updated_at: string;
}

/** Every money movement; written by the server only, never updated or deleted. */
export interface TransactionsTable {
  id: Generated<number>;
  company_id: number;
  uuid: string;
  loan_id: number;
  loan_uuid: string;
  item_uuid: string | null;
  type: 'disbursement' | 'interest' | 'penalty' | 'redemption' | 'renewal' | 'sale';
  amount: number;
  version: number;
  created_by: number | null;
  created_at: string;
  /** The day the money moved: the action's date (migration 022); a closed cash day guards it. */
  entry_date: string;
  /** A reversing entry: the uuid of the row it reverses (at most one each), and why. */
  reverses_uuid: Generated<string | null>;
  reason: Generated<string | null>;
  /** The counter action that wrote the row: 'reversal', 'extension', … (null before migration 022). */
  action: Generated<string | null>;
  /** The writer's name when the row was written (kept after the user is removed). */
  created_by_name: Generated<string | null>;
  /** Migration 037: the branch that acted (a renewal at any branch of the company; decision 0302). */
  branch_id: number | null;
}

/** A clerk's day at the counter: opened with a float, closed with the count (migration 022). */
export interface CashDaysTable {
  id: Generated<number>;
  company_id: number;
  uuid: string;
  user_id: number | null;
  day: string;
  status: 'open' | 'closed';
  opening_float: number;
  opened_at: string;
  closed_at: string | null;
  closed_by: number | null;
  counted: number | null;
  expected: number | null;
  difference: number | null;
  position: string | null;
  close_note: string | null;
  /** Migration 037: the branch (decision 0301); set by every write, null only in a database older than it. */
  branch_id: number | null;
  version: number;
  created_at: string;
  updated_at: string;
}

/** A lending action dated before the server's today: who dated it, and by how many days (migration 012). */
export interface BackdatedActionsTable {
  id: Generated<number>;
  company_id: number;
  user_id: number | null;
  action: 'loan' | 'renewal' | 'extension' | 'redemption' | 'forfeiture' | 'sale';
  loan_uuid: string;
  item_uuid: string | null;
  action_date: string;
  server_date: string;
  days_back: number;
  /** 1 when further back than the site setting (the supervisor's permission was used). */
  beyond_setting: number;
  created_at: string;
}

/** A deleted row's uuid and the counter value of its deletion, so a pull learns of it. */
export interface SyncTombstonesTable {
  id: Generated<number>;
  company_id: number;
  table_name: string;
  uuid: string;
  version: number;
}

/** The stored first reply of a write sent with an Idempotency-Key, replayed for repeats. */
export interface IdempotencyKeysTable {
  id: Generated<number>;
  company_id: number;
  user_id: number | null;
  key: string;
  method: string;
  path: string;
  request_hash: string;
  status_code: number;
  /** The reply's JSON; null once pruned (decision 0102): the write is still known to have been applied. */
  reply: string | null;
  created_at: string;
}

/** A sent field that overwrote a value the sending device had not seen (migration 011, decision 0103). */
export interface LendingFieldConflictsTable {
  id: Generated<number>;
  company_id: number;
  table_name: 'customers' | 'loans' | 'items';
  record_uuid: string;
  field: string;
  overwritten_value: string | null;
  device_was_value: string | null;
  new_value: string | null;
  user_id: number | null;
  created_at: string;
}

/** A category's lending terms as of a change-counter version (migration 011, decision 0104). */
export interface CategoryTermsHistoryTable {
  id: Generated<number>;
  company_id: number;
  category_id: number;
  version: number;
  interest_rate: number;
  penalty_rate: number;
  loan_period: number;
  loan_period_type: string;
  loan_period_expiry: number;
  is_renewable: number;
  /** 0/1 (migration 016). */
  fast_depreciating: Generated<number>;
  /** 0/1 (migration 023). */
  is_extendable: Generated<number>;
  /** 0/1 (migration 030). */
  advance_interest: Generated<number>;
  /** Migration 038. */
  ltv_percent: Generated<number | null>;
  created_at: string;
}

/** A metal's rate for one day, set by a manager; never changed, a newer row replaces it (migration 038, decision 0306). */
export interface MetalRatesTable {
  id: Generated<number>;
  company_id: number;
  /** The branch it was set for; null: the company's. */
  branch_id: number | null;
  metal: string;
  purity: string;
  /** Centavos a gram. */
  rate: number;
  rate_date: string;
  set_at: string;
  set_by: number | null;
  set_by_name: string | null;
}

/** One print of a pawn ticket, on one device (migration 030, decision 0216). */
export interface TicketPrintsTable {
  id: Generated<number>;
  company_id: number;
  uuid: string;
  loan_id: number;
  user_id: number | null;
  device_id: string;
  /** The device's instant of the print (it may have been offline). */
  printed_at: string;
  /** 0/1: what the device printed, an original or a REPRINT. */
  as_reprint: number;
  recorded_at: string;
}

/**
 * Appointments (every status but cancelled) per company, local day and group of one dimension, kept exact by
 * triggers (migration 008). `grp` is the category id as text, the department label or the age group label.
 */
export interface ReportDayCountsTable {
  company_id: number;
  dimension: 'category' | 'department' | 'age';
  day: string;
  grp: string;
  count: number;
}

/** A published report table of a closed period, served unchanged once published (migration 033; decision 0212). */
export interface ReportPublicationsTable {
  company_id: number;
  report: 'intake-bands' | 'no-show-rate' | 'groups-month' | 'groups-signups';
  period_key: string;
  body: string;
  published_at: string;
}

// ---------- notifications (migration 010; decisions 0067, 0073) ----------

/** One in-app notification for one recipient; names are joined at read time. */
export interface NotificationsTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  /** 'backup_failed': the server's notice to an administrator (decision 0190), with the error in `reason`. */
  // 'urgent': an urgent case for the counselors on call (no appointment; decision 0163).
  // 'waitlist_offer': a freed slot held for a waiting client (appointment_date = its start; decision 0152).
  // 'break_glass', 'clinical_access': to the privacy officers, without content (decisions 0202, 0203).
  // 'password_set': an administrator set the password of a user with clinical access or the access log, told as a
  // grant is (the user's name in `reason`); 'own_password_set': to the user whose password it was (decision 0358).
  // 'group_cancelled' (from appointment_date, the first session cancelled), 'group_session_cancelled' (the session at
  // appointment_date): to a group's members, the group's name in `reason`, in-app only (decision 0282).
  // 'group_reminder': a group session at appointment_date, to a member or a facilitator, the group's name in `reason` (decision 0321).
  kind: 'booked' | 'confirmed' | 'cancelled' | 'rescheduled' | 'completed' | 'reminder' | 'backup_failed' | 'urgent' | 'waitlist_offer' | 'break_glass' | 'clinical_access' | 'password_set' | 'own_password_set' | 'care_team_booking' | 'group_cancelled' | 'group_session_cancelled' | 'group_reminder';
  appointment_id: number | null;
  actor_id: number | null;
  appointment_date: string | null;
  previous_date: string | null;
  reason: string | null;
  created_at: string;
  read_at: string | null;
  /** A change to several sessions of a series, told once: the series and how many sessions it touched (migration 014). */
  series_id: Generated<number | null>;
  series_count: Generated<number | null>;
}

/** A user's choice for one kind (booleans as 0/1, decision 0002); no row = DEFAULT_NOTIFICATION_PREFERENCES. */
export interface NotificationPreferencesTable {
  user_id: number;
  kind: Exclude<NotificationsTable['kind'], 'backup_failed'>;
  in_app: number;
  email: number;
}

/**
 * Work for the notification worker (decision 0067): 'email' rows are messages to send; 'reminder' rows fall due
 * before the appointment and then write the in-app row and an 'email' row. A claim sets claimed_until (a lease)
 * and claim_token; an expired lease may be claimed again. message_id stays the same on every attempt.
 */
/** Emails about groups and workshops that have no in-app notice of their own (migration 041). */
export type GroupEmailKind = 'group_invite' | 'group_reminder' | 'workshop_signup' | 'workshop_offer';

export interface OutboxTable {
  id: Generated<number>;
  company_id: number;
  channel: 'email' | 'reminder';
  /** 'pawn_notice': a pawn notice's email (decision 0192), to the pawner's address; recipient_id is the clerk who sent it. */
  kind: Exclude<NotificationsTable['kind'], 'backup_failed'> | 'pawn_notice' | GroupEmailKind;
  recipient_id: number;
  appointment_id: number | null;
  actor_id: number | null;
  appointment_date: string | null;
  previous_date: string | null;
  reason: string | null;
  status: Generated<'pending' | 'sent' | 'failed' | 'cancelled'>;
  due_at: string;
  attempts: Generated<number>;
  claimed_until: string | null;
  claim_token: string | null;
  last_error: string | null;
  message_id: string;
  created_at: string;
  sent_at: string | null;
  /** As notifications.series_id / series_count (migration 014). */
  series_id: Generated<number | null>;
  series_count: Generated<number | null>;
  /** The pawn notice this email sends (migration 024). */
  pawn_notice_id: Generated<number | null>;
  /** JSON: the sessions this email is about, as they were when the change was made (migration 031, decision 0222). */
  calendar_snapshot?: string | null;
  /** The group session a group email is about (migration 041). */
  group_session_id: Generated<number | null>;
}

/** The one notice a ticket gets before its redemption period ends (migration 021, decision 0184). */
export interface PawnNoticesTable {
  id: Generated<number>;
  company_id: number;
  loan_id: number;
  expiry_date: string;
  /** Centavos due on the period's last day, as the notice said. */
  amount_due: number | string;
  email: string | null;
  email_status: 'sending' | 'sent' | 'failed' | 'none';
  email_error: string | null;
  sent_by: number | null;
  sent_at: string;
  /** The shop's next auction as the settings named it when sent (decision 0194); 1 once recorded (0: sent before). */
  auction_date: string | null;
  auction_place: string | null;
  auction_recorded: Generated<number>;
  /** Migration 037: the branch (decision 0301); set by every write, null only in a database older than it. */
  branch_id: number | null;
}

/** A counter of a pawnshop chain with its own ticket series (migration 037, decision 0301). */
export interface BranchesTable {
  id: Generated<number>;
  company_id: number;
  uuid: string;
  name: string;
  address: string | null;
  bsp_registration: string | null;
  ticket_prefix: string;
  last_ticket_number: Generated<number>;
  /** 0/1: closed; kept for the history of its tickets. */
  deleted: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** The branches a user works at (none: the company's first branch; decision 0301). */
export interface UserBranchesTable {
  company_id: number;
  user_id: number;
  branch_id: number;
}

/** An item sent by one branch and received by another (decision 0303). */
export interface ItemTransfersTable {
  id: Generated<number>;
  company_id: number;
  uuid: string;
  item_id: number;
  from_branch_id: number;
  to_branch_id: number;
  status: 'sent' | 'received';
  note: string | null;
  sent_by: number | null;
  sent_at: string;
  received_by: number | null;
  received_at: string | null;
}

/** One backup (docs/decisions/0190): a scheduled one holds its slot (unique); finished_at and ok are null while it runs. */
export interface BackupRunsTable {
  id: Generated<number>;
  kind: 'scheduled' | 'manual';
  slot: string | null;
  started_at: string;
  finished_at: string | null;
  /** 1 written and checked, 0 failed, null running. */
  ok: number | null;
  archive: string | null;
  bytes: number | null;
  error: string | null;
  /** 1 when the administrators were told of this failure. */
  notified: Generated<number>;
}

/** One restore into this database; the newest row's tag marks the sync cursors handed out since (decision 0190). */
export interface RestoresTable {
  id: Generated<number>;
  tag: string;
  archive: string;
  archive_created_at: string;
  restored_at: string;
}

/** Intake mode, crisis contacts, on-call counselors (JSON text), escalation minutes (migration 015). */
export interface SafetySettingsTable {
  company_id: number;
  intake_mode: 'off' | 'offered' | 'required';
  crisis_contacts: string;
  next_steps: string;
  on_call_ids: string;
  escalation_minutes: number;
  updated_at: string;
}

/** A client's PHQ-9 and GAD-7 (answers as JSON text `{ phq9, gad7, difficulty }`), scored by the server. */
export interface ScreeningsTable {
  id: Generated<number>;
  company_id: number;
  client_id: number;
  /** The client's key for this submission (null on rows stored before it existed). */
  uuid: string | null;
  kind: 'intake' | 'follow-up';
  answers: string;
  phq9_score: number;
  phq9_band: string;
  gad7_score: number;
  gad7_band: string;
  created_at: string;
}

export interface ScreeningRequestsTable {
  id: Generated<number>;
  company_id: number;
  client_id: number;
  requested_by: number | null;
  requested_at: string;
  answered_at: string | null;
}

// The access model (migration 027, decision 0200): one append-only log of every opening of a client's content.
export interface ClientAccessLogTable {
  id: Generated<number>;
  company_id: number;
  viewer_id: number | null;
  client_id: number | null;
  kind: string;
  via: 'self' | 'care_team' | 'group_facilitator' | 'supervisor' | 'break_glass' | 'list' | 'recorded_before';
  grant_id: number | null;
  at: string;
}

/** A counselor outside the care team opened a client's file with a reason, until expires_at (decision 0203). */
export interface BreakGlassGrantsTable {
  id: Generated<number>;
  company_id: number;
  counselor_id: number | null;
  client_id: number | null;
  reason: string;
  created_at: string;
  expires_at: string;
}

/** A client referred to a counselor, who joins the care team (decision 0200). */
export interface ClientReferralsTable {
  id: Generated<number>;
  company_id: number;
  client_id: number;
  from_counselor_id: number | null;
  to_counselor_id: number;
  reason: string;
  created_at: string;
}

/** A change that gave a user clinical access, and who made it (decision 0202). */
export interface ClinicalGrantsTable {
  id: Generated<number>;
  company_id: number;
  user_id: number | null;
  granted_by: number | null;
  /** English, as written when granted; `what_key` and `what_values` (JSON) say it in any language (migration 046, decision 0318). */
  what: string;
  what_key: string | null;
  what_values: string | null;
  at: string;
}

export interface UrgentCasesTable {
  id: Generated<number>;
  company_id: number;
  client_id: number;
  source: 'button' | 'screening';
  created_at: string;
  escalate_at: string;
  escalated_at: string | null;
  acknowledged_by: number | null;
  acknowledged_at: string | null;
  /** The same-day session booked for the case. */
  appointment_id: Generated<number | null>;
}

/** A client waiting for a time (migration 018); `days` is a JSON array of weekday names. */
export interface WaitlistEntriesTable {
  id: Generated<number>;
  uuid: string;
  company_id: number;
  client_id: number;
  /** null = any counselor. */
  counselor_id: number | null;
  from_date: string;
  to_date: string;
  days: string;
  time_from: string;
  time_to: string;
  reason: string;
  category_id: number;
  location_type: 'online' | 'on-site';
  location: string | null;
  status: Generated<'waiting' | 'booked' | 'left' | 'ended'>;
  appointment_id: number | null;
  created_at: string;
  closed_at: string | null;
}

/** A slot offered to one waiting entry and held for it until expires_at (migration 018). */
export interface WaitlistOffersTable {
  id: Generated<number>;
  uuid: string;
  company_id: number;
  entry_id: number;
  counselor_id: number;
  start_at: string;
  duration_minutes: number;
  status: Generated<'open' | 'accepted' | 'declined' | 'expired' | 'withdrawn'>;
  offered_at: string;
  expires_at: string;
  answered_at: string | null;
}

// Groups and workshops (migrations 035 and 036, decisions 0277-0280).
export interface GroupsTable {
  id: Generated<number>;
  uuid: string;
  company_id: number;
  name: string;
  kind: 'closed' | 'workshop';
  category_id: number;
  description: string | null;
  capacity: number;
  seats_taken: Generated<number>;
  location_type: 'online' | 'on-site';
  location: string | null;
  audience: Generated<'students' | 'personnel' | 'both'>;
  screening_required: Generated<number>;
  facilitator_id: number;
  co_facilitator_id: number | null;
  frequency: 'once' | 'weekly' | 'fortnightly';
  status: Generated<'active' | 'cancelled'>;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface GroupSessionsTable {
  id: Generated<number>;
  uuid: string;
  company_id: number;
  group_id: number;
  session_index: number;
  starts_at: string;
  local_date: string;
  duration_minutes: number;
  status: Generated<'scheduled' | 'cancelled'>;
  created_at: string;
  /** The session's calendar version, raised when it is cancelled (migration 041). */
  ics_sequence: Generated<number>;
}

export interface GroupMembersTable {
  id: Generated<number>;
  company_id: number;
  group_id: number;
  client_id: number;
  status: 'active' | 'cancelled';
  added_by: number | null;
  joined_at: string;
  left_at: string | null;
}

export interface GroupWaitlistTable {
  id: Generated<number>;
  uuid: string;
  company_id: number;
  group_id: number;
  client_id: number;
  status: 'waiting' | 'offered' | 'accepted' | 'expired' | 'left';
  created_at: string;
  offered_at: string | null;
  expires_at: string | null;
  answered_at: string | null;
}

export interface GroupAttendanceTable {
  id: Generated<number>;
  company_id: number;
  group_session_id: number;
  client_id: number;
  outcome: 'present' | 'absent' | 'late_cancellation';
  starts_at: string;
  local_date: string;
  recorded_by: number | null;
  recorded_at: string;
}

// Case notes (migration 029, decision 0208): body and addenda bodies are encrypted envelopes (lib/field-crypto.ts).
export interface CaseNotesTable {
  id: Generated<number>;
  company_id: number;
  uuid: string;
  client_id: number;
  author_id: number;
  author_name: string;
  kind: 'session' | 'contact';
  contact_channel: 'phone' | 'email' | 'in_person' | 'other' | null;
  appointment_id: number | null;
  /** The session's or contact's day in the company's zone. */
  session_date: string;
  template: 'dap' | 'soap' | 'free';
  body: string;
  screening_id: number | null;
  status: 'draft' | 'awaiting_cosign' | 'signed';
  signed_at: string | null;
  signed_by_name: string | null;
  supervisor_id: number | null;
  supervisor_name: string | null;
  cosigned_at: string | null;
  cosigned_by_name: string | null;
  late_entry: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface CaseNoteAddendaTable {
  id: Generated<number>;
  company_id: number;
  uuid: string;
  note_id: number;
  author_id: number;
  author_name: string;
  body: string;
  signed_at: string;
  created_at: string;
}

/** Group notes (migration 040, decision 0295): one per group session; the shared part is an encrypted envelope. */
export interface GroupNotesTable {
  id: Generated<number>;
  company_id: number;
  uuid: string;
  group_id: number;
  group_session_id: number;
  author_id: number;
  author_name: string;
  session_date: string;
  body: string;
  status: 'draft' | 'awaiting_cosign' | 'signed';
  signed_at: string | null;
  signed_by_name: string | null;
  supervisor_id: number | null;
  supervisor_name: string | null;
  cosigned_at: string | null;
  cosigned_by_name: string | null;
  late_entry: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A present member's part of a group note (encrypted, bound to its uuid). */
export interface GroupNotePartsTable {
  id: Generated<number>;
  company_id: number;
  uuid: string;
  note_id: number;
  client_id: number;
  body: string;
  created_at: string;
  updated_at: string;
}

/** An addendum under a signed group note: about the whole group (client_id null) or one member. */
export interface GroupNoteAddendaTable {
  id: Generated<number>;
  company_id: number;
  uuid: string;
  note_id: number;
  client_id: number | null;
  author_id: number;
  author_name: string;
  body: string;
  signed_at: string;
  created_at: string;
}

export interface CaseNoteSettingsTable {
  company_id: number;
  /** JSON array of the offered templates. */
  templates: string;
  late_entry_days: number;
  clients_read_signed_notes: Generated<number>;
  updated_at: string;
}

// The client file (migration 032, decisions 0235, 0236): closing, reopening, corrections and retention.
export interface ClientFilesTable {
  id: Generated<number>;
  company_id: number;
  client_id: number;
  uuid: string;
  status: 'open' | 'closed';
  /** An encrypted envelope bound to the row's uuid. */
  closing_summary: string | null;
  closed_at: string | null;
  closed_by: number | null;
  purged_at: string | null;
  updated_at: string;
}

export interface ClientFileEventsTable {
  id: Generated<number>;
  company_id: number;
  client_id: number;
  uuid: string;
  kind: 'closed' | 'reopened' | 'purged';
  actor_id: number | null;
  actor_name: string;
  /** The closing summary or the reason to reopen, an encrypted envelope bound to the row's uuid. */
  text: string | null;
  at: string;
}

export interface CorrectionRequestsTable {
  id: Generated<number>;
  company_id: number;
  client_id: number;
  uuid: string;
  /** Envelopes bound to the row's uuid. */
  body: string;
  created_at: string;
  outcome: 'corrected' | 'declined' | null;
  answer: string | null;
  answered_by: number | null;
  answered_by_name: string | null;
  answered_at: string | null;
}

export interface ClientFilePurgesTable {
  id: Generated<number>;
  company_id: number;
  client_id: number | null;
  client_name: string;
  closed_at: string;
  keep_until: string;
  listed_at: string;
  status: 'listed' | 'approved' | 'purged';
  approved_by: number | null;
  approved_by_name: string | null;
  purged_at: string | null;
  /** JSON of what the purge removed, by kind (counts only). */
  counts: string | null;
}

export interface Database extends VaultTables {
  companies: CompaniesTable;
  users: UsersTable;
  company_user: CompanyUserTable;
  permissions: PermissionsTable;
  roles: RolesTable;
  role_permission: RolePermissionTable;
  role_user: RoleUserTable;
  access_tokens: AccessTokensTable;
  auth_attempts: AuthAttemptsTable;
  settings: SettingsTable;
  categories: CategoriesTable;
  resources: ResourcesTable;
  category_resource: CategoryResourceTable;
  counselor_schedules: CounselorSchedulesTable;
  excluded_dates: ExcludedDatesTable;
  appointments: AppointmentsTable;
  appointment_status_changes: AppointmentStatusChangesTable;
  appointment_versions: AppointmentVersionsTable;
  appointment_series: AppointmentSeriesTable;
  lending_counters: LendingCountersTable;
  customers: CustomersTable;
  loans: LoansTable;
  items: ItemsTable;
  transactions: TransactionsTable;
  cash_days: CashDaysTable;
  backdated_actions: BackdatedActionsTable;
  sync_tombstones: SyncTombstonesTable;
  idempotency_keys: IdempotencyKeysTable;
  lending_field_conflicts: LendingFieldConflictsTable;
  category_terms_history: CategoryTermsHistoryTable;
  metal_rates: MetalRatesTable;
  report_day_counts: ReportDayCountsTable;
  report_publications: ReportPublicationsTable;
  notifications: NotificationsTable;
  notification_preferences: NotificationPreferencesTable;
  outbox: OutboxTable;
  pawn_notices: PawnNoticesTable;
  branches: BranchesTable;
  user_branches: UserBranchesTable;
  item_transfers: ItemTransfersTable;
  ticket_prints: TicketPrintsTable;
  backup_runs: BackupRunsTable;
  restores: RestoresTable;
  safety_settings: SafetySettingsTable;
  screenings: ScreeningsTable;
  screening_requests: ScreeningRequestsTable;
  client_access_log: ClientAccessLogTable;
  break_glass_grants: BreakGlassGrantsTable;
  client_referrals: ClientReferralsTable;
  clinical_grants: ClinicalGrantsTable;
  urgent_cases: UrgentCasesTable;
  waitlist_entries: WaitlistEntriesTable;
  waitlist_offers: WaitlistOffersTable;
  case_notes: CaseNotesTable;
  case_note_addenda: CaseNoteAddendaTable;
  case_note_settings: CaseNoteSettingsTable;
  group_notes: GroupNotesTable;
  group_note_parts: GroupNotePartsTable;
  group_note_addenda: GroupNoteAddendaTable;
  client_files: ClientFilesTable;
  client_file_events: ClientFileEventsTable;
  correction_requests: CorrectionRequestsTable;
  client_file_purges: ClientFilePurgesTable;
  groups: GroupsTable;
  group_sessions: GroupSessionsTable;
  group_members: GroupMembersTable;
  group_waitlist: GroupWaitlistTable;
  group_attendance: GroupAttendanceTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type CompanyRow = Selectable<CompaniesTable>;
export type CategoryRow = Selectable<CategoriesTable>;
export type ResourceRow = Selectable<ResourcesTable>;
export type AppointmentRow = Selectable<AppointmentsTable>;
export type CustomerRow = Selectable<CustomersTable>;
export type LoanRow = Selectable<LoansTable>;
export type ItemRow = Selectable<ItemsTable>;
export type TransactionRow = Selectable<TransactionsTable>;
export type CashDayRow = Selectable<CashDaysTable>;
