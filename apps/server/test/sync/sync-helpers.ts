import { randomUUID } from 'node:crypto';
import type { SyncChunkReply, SyncDeltaReply, SyncTable } from '@kalinga/contracts/sync';
import { SYNC_TABLES, syncChunkReplySchema, syncDeltaReplySchema } from '@kalinga/contracts/sync';
import type { FastifyInstance } from 'fastify';
import { todayIn } from '@kalinga/contracts/zone-time';

// Lending writes through the API, and a client replica that applies pulls as the offline store does.

/** A lending category through the API (POST /api/categories stamps it with the counter). */
export async function createCategory(app: FastifyInstance, headers: Record<string, string>, title = 'Jewellery'): Promise<{ id: number; uuid: string }> {
  const res = await app.inject({ method: 'POST', url: '/api/categories', headers, payload: { kind: 'lending', title, interest_rate: 3, penalty_rate: 2, loan_period: 1, loan_period_type: 'month', loan_period_expiry: 90 } });
  if (res.statusCode !== 201) throw new Error(`category failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { id: number; uuid: string } }).data;
}

/** Deletes a category through the API (which leaves a tombstone). */
export async function deleteCategory(app: FastifyInstance, headers: Record<string, string>, id: number): Promise<void> {
  const res = await app.inject({ method: 'DELETE', url: `/api/categories/${id}`, headers });
  if (res.statusCode !== 200) throw new Error(`delete failed: ${res.statusCode} ${res.body}`);
}

type Headers = Record<string, string>;

async function send(app: FastifyInstance, headers: Headers, method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>, expected: number[]) {
  const res = await app.inject({ method, url, headers, payload });
  if (!expected.includes(res.statusCode)) throw new Error(`${method} ${url} failed: ${res.statusCode} ${res.body}`);
  return res.json() as { data: { uuid: string } };
}

/** A customer through POST /api/customers. */
export async function writeCustomer(app: FastifyInstance, headers: Headers, firstName = 'Maria'): Promise<string> {
  const uuid = randomUUID();
  await send(app, headers, 'POST', '/api/customers', { uuid, first_name: firstName, last_name: 'Santos', phone_number: '0917 123 4567' }, [201]);
  return uuid;
}

export async function renameCustomer(app: FastifyInstance, headers: Headers, uuid: string, firstName: string): Promise<void> {
  await send(app, headers, 'PUT', `/api/customers/${uuid}`, { first_name: firstName }, [200]);
}

/** A ₱1,000 loan dated today on `items` items appraised at ₱1,000 each (so at least 30 % of the appraisal: decision 0182), through POST /api/loans. */
export async function writeLoan(app: FastifyInstance, headers: Headers, customerUuid: string, category: { id: number }, items = 2): Promise<string> {
  const uuid = randomUUID();
  await send(app, headers, 'POST', '/api/loans', {
    uuid,
    customer_uuid: customerUuid,
    category_id: category.id,
    loan_date: todayIn('Asia/Manila'),
    loan_amount: 1000,
    items: Array.from({ length: items }, (_, i) => ({ uuid: randomUUID(), description: `18k gold ring ${i + 1}`, appraisal_value: 1000 })),
  }, [201]);
  return uuid;
}

/** Renews a loan today through POST /api/loans/{uuid}/renew; returns the new loan's uuid. */
export async function renewLoan(app: FastifyInstance, headers: Headers, oldUuid: string): Promise<string> {
  const newUuid = randomUUID();
  await send(app, headers, 'POST', `/api/loans/${oldUuid}/renew`, { new_uuid: newUuid }, [200, 201]);
  return newUuid;
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
