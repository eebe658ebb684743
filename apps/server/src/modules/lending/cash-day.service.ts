import type { CashDay, CashDayClose, CashDayOpen } from '@kalinga/contracts/cash-days';
import {
  cashDifference,
  type CashPosition,
  cashPosition,
  DAY_ALREADY_CLOSED,
  DAY_ALREADY_OPEN,
  openDayProblem,
  toCentavos,
  toPesos,
} from '@kalinga/contracts/lending/rules';
import type { DB } from '../../db/database';
import type { CashDayRow } from '../../db/tables';
import { conflict, notFound, unprocessable } from '../../lib/http-errors';
import type { AuthContext } from '../../lib/auth-context';
import { actingBranch } from './branch-context';
import { runWrite, type WriteKey, type WriteReply } from './idempotency';
import { counterDay, uuidTaken } from './lending-common';
import { closeOpenDay, dayUuidTakenElsewhere, daysOf, entriesOfDay, findDay, insertDay } from './cash-day.repository';
import type { OperationHandlers } from './operation-handler';

// A clerk's cash day (decision 0188). Every lending write runs in runWrite, which first bumps the company's change
// counter (a row lock on PostgreSQL): a close and an entry of the same company never interleave, so an entry is
// either counted by the close or refused after it.

type Reply = WriteReply<{ data: CashDay }>;

async function entriesOf(db: DB, companyId: number, userId: number | null, day: string) {
  if (userId === null) return [];
  const rows = await entriesOfDay(db, companyId, userId, day);
  return rows.map((r) => ({ ...r, amount: Number(r.amount) }));
}

const inPesos = (p: CashPosition) => Object.fromEntries(Object.entries(p).map(([k, v]) => [k, toPesos(v)])) as unknown as CashPosition;

/** A day as the API shows it: once closed the position the close stored, while open the position so far. */
export async function toCashDay(db: DB, row: CashDayRow): Promise<CashDay> {
  const position =
    row.status === 'closed' && row.position
      ? (JSON.parse(row.position) as CashPosition)
      : cashPosition(Number(row.opening_float), await entriesOf(db, row.company_id, row.user_id, row.day));
  const money = (v: number | string | null) => (v === null ? null : toPesos(Number(v)));
  return {
    id: row.id,
    uuid: row.uuid,
    day: row.day,
    status: row.status,
    user_id: row.user_id,
    opening_float: toPesos(Number(row.opening_float)),
    opened_at: row.opened_at,
    closed_at: row.closed_at,
    counted: money(row.counted),
    difference: money(row.difference),
    close_note: row.close_note,
    position: inPesos(position),
    version: row.version,
  };
}

/** The clerk's own day (another clerk's or company's is not found). */
async function ownDay(db: DB, auth: AuthContext, uuid: string): Promise<CashDayRow> {
  const row = await findDay(db, auth.companyId, uuid);
  if (!row || row.user_id !== auth.user.id) throw notFound('Cash day');
  return row;
}

export function openCashDay(db: DB, auth: AuthContext, wk: WriteKey, input: CashDayOpen): Promise<Reply> {
  return runWrite(
    db,
    auth,
    wk,
    async ({ trx, version, now }) => {
      if (await dayUuidTakenElsewhere(trx, auth.companyId, auth.user.id, input.uuid)) throw uuidTaken();
      const { today } = counterDay(auth);
      const day = input.day ?? today;
      // Today or yesterday in the company's zone, never the counter's bound of a day ahead (decision 0218).
      const problem = openDayProblem(day, today);
      if (problem) throw unprocessable({ day: [problem] });
      const taken = (await daysOf(trx, auth.companyId, auth.user.id, day))[0];
      if (taken) throw conflict(DAY_ALREADY_OPEN(day));
      // The day belongs to the branch it was opened at (decision 0302): its cash position is that branch's.
      const branch = await actingBranch(trx, auth);
      const row = await insertDay(trx, {
      company_id: auth.companyId,
      uuid: input.uuid,
      user_id: auth.user.id,
      day,
      status: 'open',
      opening_float: toCentavos(input.opening_float),
      branch_id: branch.id,
      opened_at: now,
      version,
      created_at: now,
      updated_at: now,
    });
      return { status: 201, body: { data: await toCashDay(trx, row) } };
    },
    async (read) => ({ data: await toCashDay(read, await ownDay(read, auth, input.uuid)) }),
    // The same day opened again (its uuid): the first one (200), writing nothing (decision 0380).
    async (trx) => {
      const existing = await findDay(trx, auth.companyId, input.uuid);
      return existing && existing.user_id === auth.user.id ? { status: 200, body: { data: await toCashDay(trx, existing) } } : null;
    },
  );
}

export function closeCashDay(db: DB, auth: AuthContext, wk: WriteKey, uuid: string, input: CashDayClose): Promise<Reply> {
  return runWrite(
    db,
    auth,
    wk,
    async ({ trx, version, now }) => {
      const row = await ownDay(trx, auth, uuid);
      if (row.status === 'closed') throw conflict(DAY_ALREADY_CLOSED);
      const position = cashPosition(Number(row.opening_float), await entriesOf(trx, auth.companyId, auth.user.id, row.day));
      const counted = toCentavos(input.counted);
      const closed = await closeOpenDay(trx, auth.companyId, row.id, {
      status: 'closed',
      closed_at: now,
      closed_by: auth.user.id,
      counted,
      expected: position.expected,
      difference: cashDifference(position, counted),
      position: JSON.stringify(position),
      close_note: input.note ? input.note : null,
      version,
      updated_at: now,
    });
      if (!closed) throw conflict(DAY_ALREADY_CLOSED);
      return { status: 200, body: { data: await toCashDay(trx, closed) } };
    },
    async (read) => ({ data: await toCashDay(read, await ownDay(read, auth, uuid)) }),
  );
}

export async function getCashDay(db: DB, auth: AuthContext, uuid: string) {
  return { data: await toCashDay(db, await ownDay(db, auth, uuid)) };
}

/** The clerk's own days of a date (at most one). */
export async function listCashDays(db: DB, auth: AuthContext, day: string) {
  const rows = await daysOf(db, auth.companyId, auth.user.id, day);
  return { data: await Promise.all(rows.map((r) => toCashDay(db, r))) };
}

/** This file's lending operations, as their routes and /api/sync/push call them (docs/architecture.md#lending-slice). */
export const cashDayHandlers = {
  OPEN_CASH_DAY: ({ app, auth, wk, body }) => openCashDay(app.db, auth, wk, body),
  CLOSE_CASH_DAY: ({ app, auth, wk, uuid, body }) => closeCashDay(app.db, auth, wk, uuid, body),
} satisfies Partial<OperationHandlers>;
