import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// Each rule of the house that `npm run lint` checks (docs/architecture.md#keep-clean, decision 0241) fails on a
// deliberate violation, and the same code in a place the rule allows passes. The files are linted from text under
// names that exist nowhere, with the repository's own eslint.config.js.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

/** The rule ids reported for `code` linted as the file at `file` (from the repository's root). */
async function rulesFor(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? `fatal: ${m.message}`);
}

describe('server layers', () => {
  it('refuses lib/ or plugins/ importing a module', async () => {
    const code = "import { authenticate } from '../modules/auth/session';\nexport const lookup = authenticate;\n";
    expect(await rulesFor('apps/server/src/lib/house-rule-fixture.ts', code)).toEqual(['house/server-layers']);
    expect(await rulesFor('apps/server/src/plugins/house-rule-fixture.ts', code)).toEqual(['house/server-layers']);
    expect(await rulesFor('apps/server/src/house-rule-fixture.ts', code.replace('../modules', './modules'))).toEqual([]);
  });

  it('refuses a repository importing a service', async () => {
    const code = "import { closeCashDay } from './cash-day.service';\nexport const close = closeCashDay;\n";
    expect(await rulesFor('apps/server/src/modules/lending/house-rule-fixture.repository.ts', code)).toEqual(['house/server-layers']);
    expect(await rulesFor('apps/server/src/modules/lending/house-rule-fixture.service.ts', code)).toEqual([]);
  });

  it('refuses a route file importing a repository, but not its types', async () => {
    const code = "import { listDeliveries } from './outbox.repository';\nexport const list = listDeliveries;\n";
    expect(await rulesFor('apps/server/src/modules/notifications/house-rule-fixture.routes.ts', code)).toEqual(['house/server-layers']);
    expect(await rulesFor('apps/server/src/modules/notifications/house-rule-fixture.service.ts', code)).toEqual([]);
    const types = "import type { OutboxRow } from './outbox.repository';\nexport type Row = OutboxRow;\n";
    expect(await rulesFor('apps/server/src/modules/notifications/house-rule-fixture.routes.ts', types)).toEqual([]);
  });

  it('refuses a module importing the demo seed', async () => {
    const code = "import { seedDemo } from '../../seed/seed';\nexport const seed = seedDemo;\n";
    expect(await rulesFor('apps/server/src/modules/users/house-rule-fixture.ts', code)).toEqual(['house/server-layers']);
  });

  it('refuses an import that closes a circle between two areas', async () => {
    // Appointments records its emails in the notifications outbox, so notifications may not import appointments.
    const code = "import { findAppointment } from '../appointments/appointment.repository';\nexport const find = findAppointment;\n";
    expect(await rulesFor('apps/server/src/modules/notifications/house-rule-fixture.ts', code)).toEqual(['house/server-layers']);
    expect(await rulesFor('apps/server/src/modules/sync/house-rule-fixture.ts', code)).toEqual([]);
  });
});

describe('only repositories build SQL', () => {
  const query = "import type { Kysely } from 'kysely';\nexport function count(db: Kysely<{ t: { id: number } }>) {\n  return db.selectFrom('t').select('id').execute();\n}\n";

  it('refuses the query builder outside a repository', async () => {
    expect(await rulesFor('apps/server/src/modules/users/house-rule-fixture.service.ts', query)).toEqual(['house/sql-in-repositories']);
    expect(await rulesFor('apps/server/src/lib/house-rule-fixture.ts', query.replace('selectFrom', 'deleteFrom'))).toEqual(['house/sql-in-repositories']);
    expect(await rulesFor('apps/server/src/modules/users/house-rule-fixture.repository.ts', query)).toEqual([]);
    expect(await rulesFor('apps/server/src/db/house-rule-fixture.ts', query)).toEqual([]);
  });

  it("refuses Kysely's sql template outside a repository", async () => {
    const raw = "import { sql } from 'kysely';\nexport const one = sql`select 1`;\n";
    expect(await rulesFor('apps/server/src/modules/health/house-rule-fixture.routes.ts', raw)).toEqual(['house/sql-in-repositories']);
    expect(await rulesFor('apps/server/src/modules/health/house-rule-fixture.repository.ts', raw)).toEqual([]);
  });
});

describe('web layers', () => {
  it('refuses a feature importing another feature', async () => {
    const code = "import { useCounselors } from '../appointments/api/appointments-api';\nexport const counselors = useCounselors;\n";
    expect(await rulesFor('apps/web/src/features/waitlist/house-rule-fixture.ts', code)).toEqual(['house/web-layers']);
    expect(await rulesFor('apps/web/src/features/appointments/house-rule-fixture.ts', code.replace('../appointments/', './'))).toEqual([]);
  });

  it('refuses an import pointing up', async () => {
    const up = (from: string, spec: string) => rulesFor(from, `import { x } from '${spec}';\nexport const y = x;\n`);
    expect(await up('apps/web/src/features/auth/house-rule-fixture.ts', '../../app/nav')).toEqual(['house/web-layers']);
    expect(await up('apps/web/src/lib/house-rule-fixture.ts', '../offline/settings-local')).toEqual(['house/web-layers']);
    expect(await up('apps/web/src/offline/house-rule-fixture.ts', '../features/lending/book/lending-actions')).toEqual(['house/web-layers']);
    expect(await up('apps/web/src/components/house-rule-fixture.ts', '../session/auth-store')).toEqual(['house/web-layers']);
    expect(await up('apps/web/src/features/users/house-rule-fixture.ts', '../../session/auth-store')).toEqual([]);
  });

  it('refuses Dexie outside offline/', async () => {
    const code = "import Dexie from 'dexie';\nexport const db = new Dexie('x');\n";
    expect(await rulesFor('apps/web/src/features/lending/house-rule-fixture.ts', code)).toEqual(['no-restricted-imports']);
    expect(await rulesFor('apps/web/src/offline/house-rule-fixture.ts', code)).toEqual([]);
  });
});

describe('contracts', () => {
  it('import only zod', async () => {
    expect(await rulesFor('packages/contracts/src/house-rule-fixture.ts', "import { z } from 'zod';\nexport const id = z.number();\n")).toEqual([]);
    expect(await rulesFor('packages/contracts/src/house-rule-fixture.ts', "import { format } from 'date-fns';\nexport const f = format;\n")).toEqual(['no-restricted-imports']);
  });
});

describe('test code stays out of production code', () => {
  it('refuses a *ForTests export in production code, and allows it in a test file', async () => {
    const fn = 'let n = 0;\nexport function resetCounterForTests(): void {\n  n = 0;\n}\nexport const value = () => n;\n';
    expect(await rulesFor('apps/web/src/offline/house-rule-fixture.ts', fn)).toEqual(['house/test-code']);
    expect(await rulesFor('apps/server/src/lib/house-rule-fixture.ts', fn)).toEqual(['house/test-code']);
    expect(await rulesFor('apps/server/src/lib/house-rule-fixture.ts', 'const n = 1;\nexport { n as oneForTests };\n')).toEqual(['house/test-code']);
    expect(await rulesFor('apps/web/src/offline/house-rule-fixture.test.ts', fn)).toEqual([]);
  });

  it('refuses production code importing a test helper, wherever it lives', async () => {
    const imports = (spec: string) => `import { answers } from '${spec}';\nexport const a = answers;\n`;
    expect(await rulesFor('apps/server/src/modules/screening/house-rule-fixture.ts', imports('../../../test/screening/screening-helpers'))).toEqual(['house/test-code']);
    expect(await rulesFor('apps/server/src/modules/screening/house-rule-fixture.ts', imports('./screening.test-helpers'))).toEqual(['house/test-code']);
    expect(await rulesFor('apps/web/src/features/lending/house-rule-fixture.ts', imports('../../test/queue-fixtures'))).toEqual(['house/test-code']);
    expect(await rulesFor('apps/server/src/modules/screening/house-rule-fixture.test.ts', imports('../../../test/screening/screening-helpers'))).toEqual([]);
  });

  it('refuses a test helper beside production code', async () => {
    const helper = 'export const answers = [1, 2, 3];\n';
    expect(await rulesFor('apps/server/src/modules/screening/house-rule-fixture.test-helpers.ts', helper)).toEqual(['house/test-code']);
    expect(await rulesFor('apps/server/test/screening/house-rule-fixture.ts', helper)).toEqual([]);
  });
});
