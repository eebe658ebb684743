import type { Dexie, EntityTable } from 'dexie';
import type { Category } from '@kalinga/contracts/categories';
import type { CashDay } from '@kalinga/contracts/cash-days';
import type { Customer, Item, Loan, Transaction } from '@kalinga/contracts/lending/schemas';
import type { AuthUser } from '@kalinga/contracts/auth';

// The browser's copy of the lending book and its sync queue (product-rules.md#local-store).
// Only apps/web/src/offline/ imports Dexie (architecture.md, rule 4). Money here is pesos, as in the API.

/** 'pending' = unsent local change; 'synced' = as the server has it; 'failed' = the server rejected it. */
export type SyncStatus = 'pending' | 'synced' | 'failed';

interface LocalSyncFields {
  sync_status: SyncStatus;
  last_synced_at?: string;
  /** The server's id once known (the local store keeps both id and server_id). */
  server_id?: number;
  /** The server's sentence when it rejected this record's last change (sync_status 'failed'). */
  sync_error?: string;
}

/** A record written offline has no server id yet: id is optional locally. */
type Local<T extends { id: number }> = Omit<T, 'id' | 'version'> & { id?: number; version?: number } & LocalSyncFields;

export type LocalCustomer = Local<Customer> & {
  /** Lowercased words of first and last name plus the phone number (product-rules.md#local-save). */
  searchTerms: string[];
};

export type LocalItem = Local<Item>;

/** Loans keep their items nested, as the API's loan rows do; the items table holds them too. */
export type LocalLoan = Omit<Local<Loan>, 'pawn_ticket_number' | 'items'> & {
  /** Empty until the server has given the ticket its number. */
  pawn_ticket_number: string | null;
  items: LocalItem[];
  /** The uuid a renewal gives the new loan (new_loan, new_uuid). */
  new_uuid?: string;
};

export type LocalTransaction = Local<Transaction>;

/** A clerk's cash day on this device (decision 0188): the server's copy, or the open and close queued here. */
export type LocalCashDay = Omit<Local<CashDay>, 'position' | 'user_id' | 'closed_at' | 'counted' | 'difference' | 'close_note' | 'opened_at'> & {
  position?: CashDay['position'];
  user_id?: number | null;
  opened_at?: string;
  closed_at?: string | null;
  counted?: number | null;
  difference?: number | null;
  close_note?: string | null;
};

export type LocalCategory = Local<Category> & {
  /** localId: the record's key before the server knew it (kept equal to uuid here). */
  localId?: string;
  /** An image chosen offline, kept until the queue sends it (data URL). */
  image_data_url?: string;
};

// The queue's operations: one list with the server's routes (contracts' lending-operations.ts). Only the type is
// taken here: this file is in the entry chunk (quick-read.ts reads its names), and the list's module builds every
// lending zod schema when evaluated (decision 0230).
import type { SyncOperation } from '@kalinga/contracts/lending/operations';
export type { SyncOperation };

/**
 * 'failed' entries are either waiting to be retried (error_kind 'retry') or refused and waiting for the user
 * (error_kind 'rejected': Retry, Correct or Discard). 'refused' and 'discarded' entries are closed without reaching
 * the server: the server refused them (409, 404) or the user discarded them, and their effect was taken back.
 */
export type QueueStatus = 'pending' | 'completed' | 'failed' | 'refused' | 'discarded';

export interface SyncQueueEntry {
  id?: number;
  operation: SyncOperation;
  /** The request body, with the record's uuid (and the path's uuid for updates and actions). */
  data: Record<string, unknown> & { uuid: string };
  status: QueueStatus;
  created_at: string;
  completed_at?: string;
  retry_count: number;
  /** The server's sentence (rejected) or the network failure. */
  error?: string;
  /** 'rejected' (4xx: shown, not retried on its own) or 'retry' (network, 5xx, 429). */
  error_kind?: 'rejected' | 'retry';
  /** Not before this time (ISO) is a failed entry retried: back-off with jitter. */
  next_attempt_at?: string;
  priority: number;
  /** Who made the change, in which company: it is sent only with that user's session, to that company. */
  user_id?: number;
  company_id?: number;
  /** The branch the device acted at when the change was made: the server records it there (decision 0322). */
  branch_id?: number;
  /** The uuids of the rows the change wrote on the device (its records: later changes of them wait for it). */
  touched?: string[];
  /** The record's name when the change was made (its ticket number, a customer's name): shown in the Sync panel. */
  subject?: string;
  /** Refused or discarded: what the device changed back (shown in the Sync panel). */
  reverted?: string;
}

export interface SyncStateRecord {
  id?: number;
  table_name: string;
  /** The server's cursor (meta.cursor), never the client's clock. */
  lastSyncTime: string;
  lastId: number;
  dataVersion: number;
  totalRecords: number;
  /** The server's clock (meta.server_time) at the last completed pull: shown as the last sync time. */
  synced_at?: string;
}

export interface AuthRecord {
  id: string;
  token: string;
  user: AuthUser;
  lastVerified: string;
  expiresAt: string;
}

export interface SettingsRecord {
  id: string;
  data: Record<string, unknown>;
  updated_at: string;
}

/** The tables and their indexed fields (product-rules.md#local-store) at schema version 15. */
export const SCHEMA_V15 = {
  customers: 'uuid, id, sync_status, last_synced_at, created_at, *searchTerms, [last_name+first_name]',
  loans: 'uuid, id, pawn_ticket_number, customer_uuid, status, sync_status, last_synced_at, created_at, [customer_uuid+status], [status+loan_date]',
  items: 'uuid, id, loan_uuid, customer_uuid, sync_status, created_at, status, [loan_uuid+status]',
  transactions: 'uuid, id, loan_uuid, type, sync_status, created_at',
  categories: 'uuid, id, localId, sync_status, last_synced_at, created_at',
  syncQueue: '++id, operation, data, status, created_at, completed_at, retry_count, error, priority',
  syncState: '++id, table_name, lastSyncTime, lastId, dataVersion, totalRecords',
  auth: 'id, token, user, lastVerified, expiresAt',
  settings: 'id, data, updated_at',
} as const;

/** Version 16 adds the clerk's cash days (decision 0188); nothing else changes. */
export const SCHEMA_V16 = { ...SCHEMA_V15, cashDays: 'uuid, day, status, sync_status' } as const;

export const DB_NAME = 'PawnshopDB';
export const SCHEMA_VERSION = 16;

export type KalingaDB = Dexie & {
  customers: EntityTable<LocalCustomer, 'uuid'>;
  loans: EntityTable<LocalLoan, 'uuid'>;
  items: EntityTable<LocalItem, 'uuid'>;
  transactions: EntityTable<LocalTransaction, 'uuid'>;
  cashDays: EntityTable<LocalCashDay, 'uuid'>;
  categories: EntityTable<LocalCategory, 'uuid'>;
  syncQueue: EntityTable<SyncQueueEntry, 'id'>;
  syncState: EntityTable<SyncStateRecord, 'id'>;
  auth: EntityTable<AuthRecord, 'id'>;
  settings: EntityTable<SettingsRecord, 'id'>;
};
