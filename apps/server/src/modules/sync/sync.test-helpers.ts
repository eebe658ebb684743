import { randomUUID } from 'node:crypto';
import type { SyncChunkReply, SyncDeltaReply, SyncTable } from '@kalinga/contracts/sync';
import { SYNC_TABLES, syncChunkReplySchema, syncDeltaReplySchema } from '@kalinga/contracts/sync';
import type { FastifyInstance } from 'fastify';
import type { DB } from '../../db/database';
import { bumpVersion } from './sync-version';

// Writes of lending rows the way every lending write makes them (one transaction, the counter bumped
// first, every row stamped), and a client replica that applies pulls as the offline store does.

const now = () => new Date().toISOString();

/** A lending category through the API (POST /api/categories stamps it with the counter). */
export async function createCategory(app: FastifyInstance, headers: Record<string, string>, title = 'Jewellery'): Promise<{ id: number; uuid: string }> {
  const res = await app.inject({ method: 'POST', url: '/api/categories', headers, payload: { title, interest_rate: 3, penalty_rate: 2, loan_period: 1, loan_period_type: 'month', loan_period_expiry: 90 } });
  if (res.statusCode !== 201) throw new Error(`category failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { id: number; uuid: string } }).data;
}

/** Deletes a category through the API (which leaves a tombstone). */
export async function deleteCategory(app: FastifyInstance, headers: Record<string, string>, id: number): Promise<void> {
  const res = await app.inject({ method: 'DELETE', url: `/api/categories/${id}`, headers });
  if (res.statusCode !== 200) throw new Error(`delete failed: ${res.statusCode} ${res.body}`);
}

export async function writeCustomer(db: DB, companyId: number, firstName = 'Maria'): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const version = await bumpVersion(trx, companyId);
    const t = now();
    const uuid = randomUUID();
    await trx.insertInto('customers').values({ company_id: companyId, uuid, first_name: firstName, last_name: 'Santos', phone_number: '0917 123 4567', address: null, id_type: null, id_number: null, birth_date: null, version, created_by: null, created_at: t, updated_at: t }).execute();
    return uuid;
  });
}

export async function renameCustomer(db: DB, companyId: number, uuid: string, firstName: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const version = await bumpVersion(trx, companyId);
    await trx.updateTable('customers').set({ first_name: firstName, version, updated_at: now() }).where('company_id', '=', companyId).where('uuid', '=', uuid).execute();
  });
}

/** A ₱1,000 loan on `items` items of ₱2,000 each, with its disbursement, in one writing transaction. */
export async function writeLoan(db: DB, companyId: number, customerUuid: string, category: { id: number; uuid: string }, items = 2): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const version = await bumpVersion(trx, companyId);
    const t = now();
    const customer = await trx.selectFrom('customers').select('id').where('uuid', '=', customerUuid).executeTakeFirstOrThrow();
    const uuid = randomUUID();
    const loan = await trx
      .insertInto('loans')
      .values({
        company_id: companyId, uuid, pawn_ticket_number: `PT-2026-${uuid.slice(0, 6)}`, customer_id: customer.id, customer_uuid: customerUuid,
        category_id: category.id, category_uuid: category.uuid, status: 'active', loan_date: '2026-11-01', maturity_date: '2026-12-01', expiry_date: '2027-03-01',
        renewal_date: null, redemption_date: null, forfeiture_date: null, appraisal_value: items * 200_000, loan_amount: 100_000, service_charge: 500,
        interest_rate: 3, penalty_rate: 2, amount_disbursed: 99_500, paid_interest_amount: 0, paid_penalty_amount: 0, new_loan: null, renewed_from: null,
        notes: null, version, created_by: null, created_at: t, updated_at: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < items; i++) {
      await trx
        .insertInto('items')
        .values({
          company_id: companyId, uuid: randomUUID(), loan_id: loan.id, loan_uuid: uuid, customer_uuid: customerUuid, category_id: category.id, category_uuid: category.uuid,
          description: `18k gold ring ${i + 1}`, status: 'pawned', appraisal_value: 200_000, market_value: null, selling_price: null, final_selling_price: null,
          sold_at: null, buyer_name: null, buyer_contact: null, sale_notes: null, version, created_at: t, updated_at: t,
        })
        .execute();
    }
    await trx.insertInto('transactions').values({ company_id: companyId, uuid: randomUUID(), loan_id: loan.id, loan_uuid: uuid, item_uuid: null, type: 'disbursement', amount: 99_500, version, created_by: null, created_at: t }).execute();
    return uuid;
  });
}

/** Renews a loan: the old one `renewed`, a new active one with the same items, the interest paid; one transaction. */
export async function renewLoan(db: DB, companyId: number, oldUuid: string): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const version = await bumpVersion(trx, companyId);
    const t = now();
    const old = await trx.selectFrom('loans').selectAll().where('uuid', '=', oldUuid).executeTakeFirstOrThrow();
    const uuid = randomUUID();
    const { id: _id, ...rest } = old;
    const fresh = await trx
      .insertInto('loans')
      .values({ ...rest, uuid, pawn_ticket_number: `PT-2026-${uuid.slice(0, 6)}`, loan_date: '2026-12-01', maturity_date: '2027-01-01', expiry_date: '2027-04-01', amount_disbursed: 0, renewed_from: oldUuid, version, created_at: t, updated_at: t })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.updateTable('loans').set({ status: 'renewed', renewal_date: '2026-12-01', new_loan: uuid, paid_interest_amount: 3000, version, updated_at: t }).where('uuid', '=', oldUuid).execute();
    await trx.updateTable('items').set({ loan_id: fresh.id, loan_uuid: uuid, version, updated_at: t }).where('loan_uuid', '=', oldUuid).execute();
    await trx.insertInto('transactions').values({ company_id: companyId, uuid: randomUUID(), loan_id: old.id, loan_uuid: oldUuid, item_uuid: null, type: 'interest', amount: 3000, version, created_by: null, created_at: t }).execute();
    return uuid;
  });
}

type Row = { id: number; uuid: string } & Record<string, unknown>;

/** A client's local store: rows by table and uuid, the cursor, and every top-level row each pull carried. */
export class Replica {
  cursor: string | undefined;
  readonly tables: Record<SyncTable, Map<string, Row>> = { customers: new Map(), loans: new Map(), items: new Map(), transactions: new Map(), categories: new Map() };
  /** One entry per row a pull or chunk carried at top level: `table|uuid|its JSON`. */
  readonly seen: string[] = [];

  constructor(
    private readonly app: FastifyInstance,
    private readonly headers: Record<string, string>,
    private readonly chunkSize = 1000,
  ) {}

  private apply(table: SyncTable, rows: Row[]): void {
    for (const row of rows) {
      this.tables[table].set(row.uuid, row);
      this.seen.push(`${table}|${row.uuid}|${JSON.stringify(row)}`);
    }
  }

  /** One pull: the delta, or the chunked download it recommends, pinned to the cursor it names. */
  async pull(): Promise<SyncDeltaReply> {
    const since = this.cursor ?? '1970-01-01T00:00:00.000Z';
    const res = await this.app.inject({ method: 'GET', url: `/api/sync?since=${encodeURIComponent(since)}`, headers: this.headers });
    if (res.statusCode !== 200) throw new Error(`pull failed: ${res.statusCode} ${res.body}`);
    const delta = syncDeltaReplySchema.parse(res.json());
    for (const table of SYNC_TABLES) {
      for (const uuid of delta.data.deleted[table]) this.tables[table].delete(uuid);
      this.apply(table, delta.data[table] as Row[]);
    }
    if (delta.meta.recommendation) {
      for (const table of SYNC_TABLES) await this.download(table, since, delta.meta.cursor);
    }
    this.cursor = delta.meta.cursor;
    return delta;
  }

  /**
   * One pull made only of chunked downloads (as after a recommendation): the first chunk pins the
   * counter, every other chunk and table passes it as until. Chunks carry no tombstones.
   */
  async pullByChunks(): Promise<void> {
    const since = this.cursor ?? '1970-01-01T00:00:00.000Z';
    let until: string | undefined;
    for (const table of SYNC_TABLES) until = await this.downloadAll(table, since, until);
    this.cursor = until;
  }

  private async downloadAll(table: SyncTable, since: string, until: string | undefined): Promise<string> {
    if (until) {
      await this.download(table, since, until);
      return until;
    }
    const res = await this.app.inject({ method: 'GET', url: `/api/sync?table=${table}&since=${encodeURIComponent(since)}&chunk_size=${this.chunkSize}`, headers: this.headers });
    const first = syncChunkReplySchema.parse(res.json());
    this.apply(table, first.data as Row[]);
    if (first.meta.has_more) await this.download(table, since, first.meta.cursor, first.meta.next_chunk_id ?? 0);
    return first.meta.cursor;
  }

  async download(table: SyncTable, since: string, until: string, fromId = 0): Promise<SyncChunkReply[]> {
    const chunks: SyncChunkReply[] = [];
    let lastId = fromId;
    for (;;) {
      const url = `/api/sync?table=${table}&since=${encodeURIComponent(since)}&until=${until}&last_id=${lastId}&chunk_size=${this.chunkSize}`;
      const res = await this.app.inject({ method: 'GET', url, headers: this.headers });
      if (res.statusCode !== 200) throw new Error(`chunk failed: ${res.statusCode} ${res.body}`);
      const chunk = syncChunkReplySchema.parse(res.json());
      chunks.push(chunk);
      this.apply(table, chunk.data as Row[]);
      if (!chunk.meta.has_more) return chunks;
      lastId = chunk.meta.next_chunk_id ?? 0;
    }
  }
}
