import type { DBCore, DBCoreMutateRequest, DBCoreTable, Middleware } from 'dexie';

// The register is append-only on the device too (decision 0187): the server's transactions are stored as sent and a
// stored one is never changed or deleted by a local write. A put that only repeats a row (a pull, a replayed reply)
// passes; one that changes what the register says, or deletes a row, is refused and aborts its Dexie transaction.
// Only starting the whole copy again (clear: a restored server, decision 0190) removes rows, to be pulled again.

export const LOCAL_REGISTER_REFUSED = 'The register is append-only: a stored transaction cannot be changed or deleted on this device.';

/** What the register says of an entry: every field but the local sync fields and the writer's account link. */
const REGISTER_FIELDS = ['uuid', 'id', 'loan_uuid', 'item_uuid', 'type', 'amount', 'created_at', 'reverses_uuid', 'reason', 'action'] as const;
/** Fields a row stored before the register kept them lacks: a later copy of the row may fill them in, once. */
const ADDED_LATER = ['entry_date', 'created_by_name'] as const;

type Row = Record<string, unknown>;

// Stored rows drop empty fields (local-save's cleaning): absent and null say the same.
const value = (row: Row, field: string) => row[field] ?? null;

function sameEntry(stored: Row, next: Row): boolean {
  return REGISTER_FIELDS.every((f) => value(stored, f) === value(next, f)) && ADDED_LATER.every((f) => value(stored, f) === null || value(stored, f) === value(next, f));
}

async function checkPut(table: DBCoreTable, req: Extract<DBCoreMutateRequest, { type: 'put' | 'add' }>): Promise<void> {
  const keys = req.keys ?? req.values.map((v) => table.schema.primaryKey.extractKey!(v));
  const stored = (await table.getMany({ trans: req.trans, keys })) as (Row | undefined)[];
  stored.forEach((row, i) => {
    if (row && !sameEntry(row, req.values[i] as Row)) throw new Error(LOCAL_REGISTER_REFUSED);
  });
}

export const registerGuardMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'register-guard',
  create: (down) => ({
    ...down,
    table: (name) => {
      const table = down.table(name);
      if (name !== 'transactions') return table;
      return {
        ...table,
        mutate: async (req) => {
          if (req.type === 'delete') throw new Error(LOCAL_REGISTER_REFUSED);
          // DBCoreRangeType.Any (3; a const enum, not importable here) is clear(): the whole copy, never a row.
          if (req.type === 'deleteRange' && Number(req.range.type) !== 3) throw new Error(LOCAL_REGISTER_REFUSED);
          if (req.type === 'put' || req.type === 'add') await checkPut(table, req);
          return table.mutate(req);
        },
      };
    },
  }),
};
