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
