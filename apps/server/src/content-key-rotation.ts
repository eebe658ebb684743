import { sql } from 'kysely';
import type { AppConfig } from './config';
import type { DB } from './db/database';
import { contentKeyIdsInUse, ENCRYPTED_COLUMNS, type EncryptedColumn, type EncryptedRow, openColumn, sealColumn } from './lib/encrypted-columns';
import { type ContentKeys, envelopePrefix, missingKeyMessage, reloadContentKeys } from './lib/field-crypto';

// Key rotation without downtime (docs/decisions/0205-encryption-at-rest.md): every registered encrypted column is
// brought to the current key batch by batch, in the background, while the server serves. Each row is rewritten by a
// conditional update (`where <column> = <the value read>`), so a write that lands meanwhile is never overwritten.
// The same sweep encrypts plain rows written before encryption existed.

const BATCH = 200;
/** How often the key folder is read again for a key `npm run rotate-key` made current. */
const KEY_CHECK_MS = 60_000;

/** Where progress goes: the server's logger (FastifyBaseLogger) or a test's collector. */
interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface SweepResult {
  /** Rows rewritten to the current key. */
  rewritten: number;
  /** Rows another write changed between the read and the update (already on the current key). */
  changed: number;
  /** Rows that could not be read (a key missing, or a value that fails its check); left as they are. */
  failed: number;
}

/** Brings one column to the current key; logs progress after each batch. */
export async function reencryptColumn(db: DB, keys: ContentKeys, col: EncryptedColumn, log: Log, batch = BATCH): Promise<SweepResult> {
  const result: SweepResult = { rewritten: 0, changed: 0, failed: 0 };
  const current = keys.current.id;
  const prefix = envelopePrefix(current);
  const value = sql.ref(col.column);
  const table = sql.table(col.table);
  const notCurrent = sql`substr(${value}, 1, ${sql.lit(prefix.length)}) <> ${prefix}`;
  const { rows: counted } = await sql<{ n: number | string }>`select count(*) as n from ${table} where ${notCurrent}`.execute(db);
  const total = Number(counted[0]?.n ?? 0);
  if (total === 0) return result;
  log.info({ table: col.table, column: col.column, rows: total, key: current }, 'encrypting confidential fields with the current content key');
  const columns = sql.join(['id', 'company_id', col.column, ...col.keyColumns].map((c) => sql.ref(c)));
  let after = 0;
  for (;;) {
    const { rows } = await sql<EncryptedRow & { id: number }>`select ${columns} from ${table} where id > ${after} and ${notCurrent} order by id limit ${sql.lit(batch)}`.execute(db);
    if (rows.length === 0) break;
    after = rows[rows.length - 1].id;
    const updates: { id: number; from: string; to: string }[] = [];
    for (const row of rows) {
      const stored = row[col.column] as string;
      try {
        updates.push({ id: row.id, from: stored, to: sealColumn(keys, col, row, openColumn(keys, col, row, stored)) });
      } catch (err) {
        result.failed++;
        log.warn({ table: col.table, column: col.column, id: row.id, reason: err instanceof Error ? err.message : String(err) }, 'a confidential field could not be re-encrypted; it is left as it is');
      }
    }
    await db.transaction().execute(async (trx) => {
      for (const u of updates) {
        const res = await sql`update ${table} set ${value} = ${u.to} where id = ${u.id} and ${value} = ${u.from}`.execute(trx);
        if (Number(res.numAffectedRows ?? 0) === 1) result.rewritten++;
        else result.changed++;
      }
    });
    log.info({ table: col.table, column: col.column, done: result.rewritten + result.changed + result.failed, of: total }, 're-encrypting confidential fields');
  }
  return result;
}

/**
 * Brings every registered column to the current key, then says which keys the database no longer uses (they may be
 * retired once no kept backup needs them).
 */
export async function reencryptAll(db: DB, keys: ContentKeys, log: Log, batch = BATCH): Promise<SweepResult> {
  const total: SweepResult = { rewritten: 0, changed: 0, failed: 0 };
  for (const col of Object.values(ENCRYPTED_COLUMNS)) {
    const r = await reencryptColumn(db, keys, col, log, batch);
    total.rewritten += r.rewritten;
    total.changed += r.changed;
    total.failed += r.failed;
  }
  if (total.rewritten + total.changed + total.failed > 0) {
    const inUse = await contentKeyIdsInUse(db);
    const unused = [...keys.byId.keys()].filter((id) => !inUse.has(id));
    log.info(
      { key: keys.current.id, rewritten: total.rewritten, failed: total.failed, keysInUse: [...inUse], keysUnused: unused },
      total.failed === 0
        ? `every confidential field is on content key ${keys.current.id}${unused.length > 0 ? `; ${unused.join(', ')} can be retired once no backup you keep needs them` : ''}`
        : `${total.failed} confidential fields could not be re-encrypted (see the warnings above); keep every key until they are`,
    );
  }
  return total;
}

/**
 * Refuses to start when stored values name a key not among `available` (a lost key file, a database restored without
 * its key). Run before loadContentKeys, so no new key is made for a database whose own key is missing.
 */
export async function checkContentKeys(db: DB, available: ReadonlySet<string>): Promise<void> {
  const missing = [...(await contentKeyIdsInUse(db))].filter((id) => !available.has(id));
  if (missing.length > 0) throw new Error(missingKeyMessage(missing));
}

/**
 * Runs the sweep now (plain rows from before, a rotation interrupted by a restart) and again whenever a new key
 * becomes current (the key folder is read every minute); one sweep at a time. The timer does not hold the process open.
 */
export function startContentKeyRotation(db: DB, config: Pick<AppConfig, 'contentKeys'>, keys: ContentKeys, log: Log): () => void {
  let running = false;
  let again = false;
  const sweep = (): void => {
    // A key made current during a sweep: one more sweep after it.
    if (running) {
      again = true;
      return;
    }
    running = true;
    void reencryptAll(db, keys, log)
      .catch((err: unknown) => log.warn({ err }, 're-encrypting confidential fields failed; it is tried again at the next start or key change'))
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          sweep();
        }
      });
  };
  sweep();
  // Compared with the last key seen rather than reload's answer: a read may have reloaded the keys in between.
  let seen = keys.current.id;
  const timer = setInterval(() => {
    try {
      reloadContentKeys(keys, config);
      if (keys.current.id !== seen) {
        seen = keys.current.id;
        log.info({ key: seen }, 'a new content key is current');
        sweep();
      }
    } catch (err) {
      log.warn({ err }, 'reading the content keys again failed; the current key stays');
    }
  }, KEY_CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
