import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { houseRules } from '../../../scripts/eslint-house-rules.js';

// The checks of docs/architecture.md#checked, each tried on its own with ESLint's RuleTester: code the rule refuses
// and the same code in a place, or a shape, it allows. Files are named under the repository, where the rules look.

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const at = (file: string) => path.join(ROOT, file);
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module', parserOptions: { ecmaFeatures: { jsx: true } } } });
const rules = houseRules.rules as Record<string, Parameters<RuleTester['run']>[1]>;

const ROUTES = 'apps/server/src/modules/users/fixture.routes.ts';

tester.run('house/route-guard', rules['route-guard'], {
  valid: [
    { filename: at(ROUTES), code: "app.get('/api/things', { preHandler: needs('view resources'), schema, handler });" },
    { filename: at(ROUTES), code: "app.post('/api/login', { config: { public: true }, schema, handler });" },
    { filename: at(ROUTES), code: "app.route({ method: 'POST', url: spec.path, preHandler: canManage, schema, handler });" },
    // Not an API route: the page and the images have their own checks.
    { filename: at('apps/server/src/plugins/fixture.ts'), code: "app.get('/', { schema: { hide: true } }, handler);" },
    // Tests register what they like.
    { filename: at('apps/server/src/modules/users/fixture.test.ts'), code: "app.get('/api/things', { handler });" },
  ],
  invalid: [
    { filename: at(ROUTES), code: "app.get('/api/things', { schema, handler });", errors: [{ messageId: 'unguarded' }] },
    { filename: at(ROUTES), code: 'app.delete(`/api/things/${id}`, { config: { public: false }, handler });', errors: [{ messageId: 'unguarded' }] },
    { filename: at(ROUTES), code: "app.get('/api/things', async () => ({}));", errors: [{ messageId: 'unguarded' }] },
    { filename: at(ROUTES), code: "app.put('/api/things', options, handler);", errors: [{ messageId: 'unseen' }] },
    { filename: at(ROUTES), code: "app.route({ method: 'GET', url: spec.path, ...common, handler });", errors: [{ messageId: 'unseen' }] },
    { filename: at(ROUTES), code: "app.route({ method: 'GET', url: '/api/things', schema, handler });", errors: [{ messageId: 'unguarded' }] },
  ],
});

tester.run('house/confidential-tables', rules['confidential-tables'], {
  valid: [
    { filename: at('apps/server/src/modules/screening/fixture.repository.ts'), code: "db.selectFrom('screenings').selectAll();" },
    { filename: at('apps/server/src/modules/client-record/fixture.repository.ts'), code: "db.selectFrom('users as u').innerJoin('client_access_log as l', 'l.viewer_id', 'u.id');" },
    { filename: at('apps/server/src/modules/waitlist/fixture.repository.ts'), code: "db.selectFrom('waitlist_entries').selectAll();" },
    // An access kind named like a table is not a query.
    { filename: at('apps/server/src/modules/waitlist/fixture.service.ts'), code: "recordListView(trx, auth, ids, 'screenings');" },
  ],
  invalid: [
    { filename: at('apps/server/src/modules/waitlist/fixture.repository.ts'), code: "db.selectFrom('screenings').select('phq9_band');", errors: [{ messageId: 'table', data: { table: 'screenings' } }] },
    { filename: at('apps/server/src/modules/appointments/fixture.repository.ts'), code: "db.selectFrom('appointments as a').leftJoin('case_notes as n', 'n.appointment_id', 'a.id');", errors: [{ messageId: 'table', data: { table: 'case_notes' } }] },
    { filename: at('apps/server/src/modules/reports/fixture.repository.ts'), code: "db.updateTable('urgent_cases').set({ acknowledged_at: now });", errors: [{ messageId: 'table', data: { table: 'urgent_cases' } }] },
  ],
});

tester.run('house/browser-storage', rules['browser-storage'], {
  valid: [
    { filename: at('apps/web/src/session/auth-store.ts'), code: "localStorage.setItem(TOKEN_KEY, token);" },
    { filename: at('apps/web/src/features/screening/fixture.tsx'), code: "const language = localStorage.getItem(LANGUAGE_KEY); localStorage.removeItem(HINT_KEY);" },
    { filename: at('apps/web/src/features/screening/fixture.test.tsx'), code: "localStorage.setItem('token', 't0k');" },
  ],
  invalid: [
    { filename: at('apps/web/src/features/screening/fixture.tsx'), code: "localStorage.setItem('answers', JSON.stringify(answers));", errors: [{ messageId: 'write' }] },
    { filename: at('apps/web/src/features/case-notes/fixture.ts'), code: "window.sessionStorage.setItem('draft', body);", errors: [{ messageId: 'write' }] },
    { filename: at('apps/web/src/lib/fixture.ts'), code: "localStorage.lastClient = name; sessionStorage['band'] = band;", errors: [{ messageId: 'write' }, { messageId: 'write' }] },
    { filename: at('apps/web/src/features/triage/fixture.ts'), code: 'export function keep(storage: Storage, band: string) { storage.setItem("band", band); }', errors: [{ messageId: 'write' }] },
  ],
});

const LIB = 'apps/server/src/lib/fixture.ts';

tester.run('house/comment-cites', rules['comment-cites'], {
  valid: [
    { filename: at(LIB), code: '// Why, in a line (docs/architecture.md#client-access, decision 0200 and decisions 0245-0249).\nexport const a = 1;' },
    { filename: at(LIB), code: '/** The product-rules.md#reports rule; a colour #fff is not an issue. */\nexport const b = 2;' },
  ],
  invalid: [
    { filename: at(LIB), code: '// Fixes issue 37 item 19.\nexport const a = 1;', errors: [{ messageId: 'outside' }] },
    { filename: at(LIB), code: '// As #42 asked.\nexport const a = 1;', errors: [{ messageId: 'outside' }] },
    { filename: at(LIB), code: '/* See /work/shared/spec/product-spec.md. */\nexport const a = 1;', errors: [{ messageId: 'outside' }] },
    { filename: at(LIB), code: '// Decision 9998 says so.\nexport const a = 1;', errors: [{ messageId: 'decision', data: { number: '9998' } }] },
    { filename: at(LIB), code: '// docs/decisions/9997-nothing.md\nexport const a = 1;', errors: [{ messageId: 'decision', data: { number: '9997' } }] },
    { filename: at(LIB), code: '// docs/architecture.md#no-such-anchor\nexport const a = 1;', errors: [{ messageId: 'anchor', data: { page: 'architecture', anchor: 'no-such-anchor' } }] },
  ],
});

describe('eslint.config.js turns them on', () => {
  const lint = async (file: string, code: string) => {
    const { ESLint } = await import('eslint');
    const [result] = await new ESLint({ cwd: ROOT }).lintText(code, { filePath: at(file) });
    return (result?.messages ?? []).map((m) => m.ruleId ?? `fatal: ${m.message}`);
  };

  it('refuses console in server code but the commands and the pool; an unguarded route and a confidential table outside their areas', async () => {
    const log = "export function tell(name: string): void {\n  console.log(name);\n}\n";
    expect(await lint('apps/server/src/modules/users/fixture.service.ts', log)).toEqual(['no-console']);
    expect(await lint('apps/server/src/backup/cli.ts', log)).toEqual([]);
    const route = "import type { FastifyInstance } from 'fastify';\nexport function routes(app: FastifyInstance): void {\n  app.get('/api/fixture', { handler: async () => ({}) });\n}\n";
    expect(await lint('apps/server/src/modules/users/fixture.routes.ts', route)).toEqual(['house/route-guard']);
    const query = "import type { Kysely } from 'kysely';\nexport function bands(db: Kysely<{ screenings: { phq9_band: string } }>) {\n  return db.selectFrom('screenings').select('phq9_band').execute();\n}\n";
    expect(await lint('apps/server/src/modules/waitlist/fixture.repository.ts', query)).toEqual(['house/confidential-tables']);
    expect(await lint('apps/server/src/modules/screening/fixture.repository.ts', query)).toEqual([]);
  }, 60_000);
});

const API_FILE = 'apps/web/src/features/users/fixture-api.ts';

tester.run('house/query-refresh', rules['query-refresh'], {
  valid: [
    { filename: at(API_FILE), code: "onSuccess: () => refreshQueries(qc, { queryKey: USERS_KEY })" },
    { filename: at(API_FILE), code: "void client.cancelQueries({ queryKey: ROOT }); client.setQueryData(key, next);" },
    // The helper itself, and tests showing the library's own behaviour.
    { filename: at('apps/web/src/lib/refresh-queries.ts'), code: 'await client.invalidateQueries(filters, options);' },
    { filename: at('apps/web/src/lib/fixture.test.ts'), code: "await client.invalidateQueries({ queryKey: ['rows'] });" },
    // The server has no query client.
    { filename: at('apps/server/src/modules/users/fixture.service.ts'), code: 'cache.invalidateQueries(key);' },
  ],
  invalid: [
    { filename: at(API_FILE), code: "onSuccess: () => qc.invalidateQueries({ queryKey: USERS_KEY })", errors: [{ messageId: 'invalidate' }] },
    { filename: at('apps/web/src/app/fixture.tsx'), code: 'void client.invalidateQueries();', errors: [{ messageId: 'invalidate' }] },
    { filename: at(API_FILE), code: "useQueryClient()['invalidateQueries']({ queryKey: ['x'] });", errors: [{ messageId: 'invalidate' }] },
    { filename: at(API_FILE), code: 'onSettled: qc.invalidateQueries.bind(qc, { queryKey: key })', errors: [{ messageId: 'invalidate' }] },
    { filename: at(API_FILE), code: "const { invalidateQueries } = qc; void invalidateQueries({ queryKey: ['x'] });", errors: [{ messageId: 'invalidate' }] },
  ],
});

// house/local-day (decision 0373): a day cut out of an instant's ISO text is UTC's day, not the centre's.
const SERVICE = 'apps/server/src/modules/reports/fixture.service.ts';
const SCREEN = 'apps/web/src/features/reports/fixture.tsx';
const CONTRACT = 'packages/contracts/src/fixture.ts';
const errors = [{ messageId: 'utcDay' }];

tester.run('house/local-day', rules['local-day'], {
  valid: [
    { filename: at(SERVICE), code: 'const today = todayIn(auth.company.timezone);' },
    { filename: at(SERVICE), code: 'const day = localDateOf(row.created_at, auth.company.timezone);' },
    // An instant stays an instant; a date already a date may be cut (a month of a calendar date).
    { filename: at(SERVICE), code: 'const now = new Date().toISOString();' },
    { filename: at(SCREEN), code: 'const month = today.slice(0, 7); const year = Number(date.slice(0, 4));' },
    { filename: at(SCREEN), code: "const [hours, minutes] = time.split(':'); const time = iso.slice(11, 16);" },
    // Cutting something else out of the ISO text is not a day.
    { filename: at(SERVICE), code: 'const stamp = new Date().toISOString().slice(11, 19);' },
    // A variable that may hold anything, or was given again, is not known to be an instant's text.
    { filename: at(SERVICE), code: 'let now = nowIso(); now = today; const day = now.slice(0, 10);' },
    { filename: at(SERVICE), code: 'function f(now: string) { return now.slice(0, 10); }' },
    { filename: at(SERVICE), code: "const tag = new Date().toISOString().replace(/[:.]/g, '-');" },
    // The helpers' home, tests and code outside the apps' and packages' sources.
    { filename: at('packages/contracts/src/zone-time.ts'), code: 'return new Date(ms).toISOString().slice(0, 10);' },
    { filename: at('apps/server/src/modules/reports/fixture.test.ts'), code: 'const today = new Date().toISOString().slice(0, 10);' },
    { filename: at('apps/web/src/test/fixture.ts'), code: "const today = new Date().toISOString().split('T')[0];" },
    { filename: at('bench/fixture.bench.ts'), code: 'const today = new Date().toISOString().slice(0, 10);' },
    { filename: at('e2e/fixture.e2e.test.ts'), code: 'const today = new Date().toISOString().slice(0, 10);' },
  ],
  invalid: [
    { filename: at(SERVICE), code: 'const today = new Date().toISOString().slice(0, 10);', errors },
    { filename: at(SERVICE), code: 'const today = new Date().toISOString().substring(0, 10);', errors },
    { filename: at(SERVICE), code: 'const today = new Date().toISOString().substr(0, 10);', errors },
    { filename: at(SERVICE), code: "const today = new Date().toISOString().split('T')[0];", errors },
    { filename: at(SERVICE), code: "const [today] = new Date().toISOString().split('T');", errors },
    { filename: at(SERVICE), code: 'const today = nowIso().slice(0, 10);', errors },
    { filename: at(SERVICE), code: 'const month = now.toISOString().slice(0, 7);', errors },
    { filename: at(SERVICE), code: 'const day = new Date(row.created_at).toJSON().slice(0, 10);', errors },
    { filename: at(SERVICE), code: 'const day = (d.toISOString() as string).slice(0, 10);', errors },
    { filename: at(SERVICE), code: "const day = d?.toISOString()['slice'](0, 10);", errors },
    // The ISO text kept in a const first, in the same scope or an outer one.
    { filename: at(SERVICE), code: 'const now = nowIso(); const today = now.slice(0, 10);', errors },
    { filename: at(SERVICE), code: 'const at = new Date().toISOString(); function day() { return at.substring(0, 10); }', errors },
    // Any ISO instant's date part, whatever made the text.
    { filename: at(SERVICE), code: "const day = row.created_at.split('T')[0];", errors },
    { filename: at(SERVICE), code: "const [day] = row.created_at.split('T', 1);", errors },
    // In the web and the shared contracts as on the server.
    { filename: at(SCREEN), code: 'const name = `log-${new Date().toISOString().slice(0, 10)}.csv`;', errors },
    { filename: at(CONTRACT), code: "z.string().refine((d) => d <= new Date().toISOString().slice(0, 10), 'Not in the future.');", errors },
  ],
});

describe('eslint.config.js turns house/local-day on', () => {
  it('refuses a UTC day in server, web and contracts code, and not in their tests', async () => {
    const { ESLint } = await import('eslint');
    const lint = async (file: string, code: string) => {
      const [result] = await new ESLint({ cwd: ROOT }).lintText(code, { filePath: at(file) });
      return (result?.messages ?? []).map((m) => m.ruleId ?? `fatal: ${m.message}`);
    };
    const code = 'export function today(): string {\n  return new Date().toISOString().slice(0, 10);\n}\n';
    expect(await lint('apps/server/src/modules/reports/fixture.service.ts', code)).toEqual(['house/local-day']);
    expect(await lint('apps/web/src/lib/fixture.ts', code)).toEqual(['house/local-day']);
    expect(await lint('packages/contracts/src/fixture.ts', code)).toEqual(['house/local-day']);
    expect(await lint('apps/server/src/modules/reports/fixture.test.ts', code)).toEqual([]);
  }, 60_000);

  it('lets a line that says why keep a UTC date on purpose; a comment silencing another rule leaves it refused', async () => {
    const { ESLint } = await import('eslint');
    const lint = async (code: string) => {
      const [result] = await new ESLint({ cwd: ROOT }).lintText(code, { filePath: at('apps/server/src/modules/reports/fixture.service.ts') });
      return (result?.messages ?? []).map((m) => m.ruleId ?? `fatal: ${m.message}`);
    };
    const month = (comment: string) => `export function month(now: Date): string {\n  ${comment}\n  return now.toISOString().slice(0, 7);\n}\n`;
    expect(await lint(month('// eslint-disable-next-line house/local-day -- the job claims a month on one clock for every company'))).toEqual([]);
    // (ESLint also says the no-console comment silences nothing.)
    expect(await lint(month('// eslint-disable-next-line no-console -- not this rule'))).toContain('house/local-day');
  }, 60_000);
});

// An eslint-disable comment says why, and the one letting a file pass 300 lines stands at its top (decision 0379).
const CATALOG = 'apps/server/src/i18n/fixture.ts';
const reason = [{ messageId: 'reason' }];

tester.run('house/disable-reason', rules['disable-reason'], {
  valid: [
    { filename: at(SERVICE), code: '// eslint-disable-next-line no-console -- the command prints to its terminal\nconsole.log(1);' },
    { filename: at(SERVICE), code: 'console.log(1); // eslint-disable-line no-console --- the command prints to its terminal' },
    { filename: at(CATALOG), code: '/* eslint-disable max-lines -- one catalog: every message, one key a line */\nexport const en = {};' },
    { filename: at(CATALOG), code: '// The catalog.\n/* eslint-disable max-lines, no-console -- one catalog */\nexport const en = {};' },
    // Turning a rule back on, and prose about the directives, are no directives to explain.
    { filename: at(SERVICE), code: '/* eslint-enable no-console */\n// An eslint-disable comment says why.\nconst a = 1;' },
  ],
  invalid: [
    { filename: at(SERVICE), code: '// eslint-disable-next-line no-console\nconsole.log(1);', errors: reason },
    { filename: at(SERVICE), code: 'console.log(1); // eslint-disable-line no-console', errors: reason },
    // A bare disable would silence every rule, this one too: it is still reported.
    { filename: at(SERVICE), code: '/* eslint-disable */\nconsole.log(1);', errors: reason },
    { filename: at(SERVICE), code: 'const a = 1;\n/* eslint-disable */\nconsole.log(a);', errors: reason },
    { filename: at(CATALOG), code: '/* eslint-disable max-lines */\nexport const en = {};', errors: reason },
    // Dashes with nothing after them, or no words, say nothing.
    { filename: at(SERVICE), code: '/* eslint-disable-next-line no-console -- */\nconsole.log(1);', errors: reason },
    { filename: at(SERVICE), code: '// eslint-disable-next-line no-console -- .\nconsole.log(1);', errors: reason },
    // A file's length is explained at its top, not further down.
    { filename: at(CATALOG), code: 'export const en = {};\n/* eslint-disable max-lines -- one catalog */', errors: [{ messageId: 'top' }] },
    { filename: at(CATALOG), code: 'export const en = {};\n/* eslint-disable max-lines */', errors: [{ messageId: 'reason' }, { messageId: 'top' }] },
    // Tests, e2e, benchmarks and scripts say why too.
    { filename: at('apps/server/src/modules/reports/fixture.test.ts'), code: '// eslint-disable-next-line no-console\nconsole.log(1);', errors: reason },
    { filename: at('e2e/fixture.e2e.test.ts'), code: '// eslint-disable-next-line no-console\nconsole.log(1);', errors: reason },
    { filename: at('scripts/fixture.mjs'), code: '// eslint-disable-next-line no-console\nconsole.log(1);', errors: reason },
  ],
});

describe('eslint.config.js keeps product files under 300 lines', () => {
  const problems = async (file: string, code: string) => {
    const { ESLint } = await import('eslint');
    const [result] = await new ESLint({ cwd: ROOT }).lintText(code, { filePath: at(file) });
    return result?.messages ?? [];
  };
  const lint = async (file: string, code: string) => (await problems(file, code)).map((m) => m.ruleId ?? `fatal: ${m.message}`);
  const lines = (n: number) => Array.from({ length: n }, (_, i) => `export const line${i} = ${i};\n`).join('');

  it("refuses 301 lines of code in the apps' and packages' code, and not in tests, their helpers, e2e or bench", async () => {
    for (const file of ['apps/server/src/modules/reports/fixture.service.ts', 'apps/web/src/lib/fixture.ts', 'apps/web/src/features/reports/fixture.tsx', 'packages/contracts/src/fixture.ts']) {
      expect(await lint(file, lines(301)), file).toEqual(['max-lines']);
    }
    for (const file of ['apps/server/src/modules/reports/fixture.test.ts', 'apps/web/src/test/fixture.ts', 'e2e/fixture.e2e.test.ts', 'bench/fixture.bench.ts']) {
      expect(await lint(file, lines(301)), file).toEqual([]);
    }
  }, 60_000);

  it('counts code only: 300 lines with blank lines and comments between them pass', async () => {
    const spaced = lines(300).split('\n').join('\n\n// a comment\n');
    expect(await lint('apps/server/src/modules/reports/fixture.service.ts', spaced)).toEqual([]);
  }, 60_000);

  it('lets a longer file through only with the reason at its top; a reason on a file under the limit is refused as unused', async () => {
    const file = 'apps/server/src/i18n/fixture.ts';
    expect(await lint(file, `/* eslint-disable max-lines -- one catalog: every message, one key a line */\n${lines(301)}`)).toEqual([]);
    expect(await lint(file, `/* eslint-disable max-lines */\n${lines(301)}`)).toEqual(['house/disable-reason']);
    expect(await lint(file, `/* eslint-disable */\n${lines(301)}`)).toEqual(['house/disable-reason']);
    const unused = await problems(file, `/* eslint-disable max-lines -- one catalog */\n${lines(10)}`);
    expect(unused.map((m) => [m.severity, m.message.startsWith('Unused eslint-disable directive')])).toEqual([[2, true]]);
  }, 60_000);
});
