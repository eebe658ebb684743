// The house's rules beyond the layers (docs/architecture.md#checked, decision 0355): who may call a route, where
// confidential tables are read, what the browser keeps, what comments cite, how the web reads again after a write.
// Registered with the layers' rules in
// eslint-house-rules.js, under the same `house/` prefix.

import fs from 'node:fs';
import path from 'node:path';
import { BUILDERS, isTest, relative, ROOT, SERVER, WEB } from './eslint-house-paths.js';

// ---- Every API route says who may call it -----------------------------------------------------------------------

const ROUTE_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'all']);

/** The text a path literal starts with ('' for a path built at run time). */
function pathStart(node) {
  if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node?.type === 'TemplateLiteral') return node.quasis[0].value.cooked ?? '';
  return null;
}

/** The property `name` of an object literal, or undefined. */
function propertyOf(object, name) {
  return object.properties.find((p) => p.type === 'Property' && !p.computed && (p.key.name ?? p.key.value) === name);
}

/** `config: { public: true }` written in the route's options. */
function isPublic(options) {
  const config = propertyOf(options, 'config');
  if (config?.value.type !== 'ObjectExpression') return false;
  const flag = propertyOf(config.value, 'public');
  return flag?.value.type === 'Literal' && flag.value.value === true;
}

const routeGuard = {
  meta: {
    type: 'problem',
    docs: { description: 'Every /api route has a permission preHandler or says it is public (docs/architecture.md#rules)' },
    messages: {
      unguarded: "This /api route has no preHandler (needs(…), signedIn, counselorOnly, clinicianOnly …) and no `config: { public: true }`: say who may call it (docs/architecture.md#checked).",
      unseen: 'Write the options of an /api route as an object in place, so the check can see its preHandler (docs/architecture.md#checked).',
    },
    schema: [],
  },
  create(context) {
    const rel = relative(context.filename);
    if (!rel.startsWith(SERVER) || isTest(rel)) return {};
    const check = (node, options) => {
      if (options?.type !== 'ObjectExpression') return context.report({ node, messageId: options && options.type !== 'ArrowFunctionExpression' && options.type !== 'FunctionExpression' ? 'unseen' : 'unguarded' });
      if (options.properties.some((p) => p.type === 'SpreadElement') && !propertyOf(options, 'preHandler')) return context.report({ node, messageId: 'unseen' });
      if (!propertyOf(options, 'preHandler') && !isPublic(options)) context.report({ node, messageId: 'unguarded' });
    };
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return;
        const method = callee.property.name;
        if (method === 'route') {
          const options = node.arguments[0];
          if (options?.type !== 'ObjectExpression' || !propertyOf(options, 'method')) return;
          const url = propertyOf(options, 'url');
          const start = pathStart(url?.value);
          if (start === null || start === '' || start.startsWith('/api/')) check(node, options);
        } else if (ROUTE_METHODS.has(method) && node.arguments.length >= 2) {
          const start = pathStart(node.arguments[0]);
          if (start !== null && start.startsWith('/api/')) check(node, node.arguments[1]);
        }
      },
    };
  },
};

// ---- Confidential tables are read where the access model is ----------------------------------------------------

/** Tables holding confidential client content or who read it (docs/architecture.md#client-access). */
export const CONFIDENTIAL_TABLES = [
  'screenings', 'screening_requests', 'urgent_cases', 'case_notes', 'case_note_addenda', 'group_notes', 'group_note_parts',
  'group_note_addenda', 'client_files', 'client_file_events', 'correction_requests', 'client_access_log', 'break_glass_grants',
  'client_referrals',
];

/**
 * Where a query may name a confidential table: the areas whose services open content through
 * modules/client-record/client-access.ts (screening, client-record, case-notes, groups' notes), the whole-database
 * tools and the seed, tests, and two repositories that read no content: the intake report's published counts
 * (decision 0212) and the intake gate's "has this client answered any screening" (docs/architecture.md#checked).
 */
function mayNameConfidential(rel) {
  return (
    /^apps\/server\/src\/modules\/(screening|client-record|case-notes|groups)\//.test(rel) ||
    rel === `${SERVER}modules/reports/intake-report.repository.ts` ||
    rel === `${SERVER}modules/appointments/intake-gate.repository.ts` ||
    rel.startsWith(`${SERVER}db/`) ||
    rel.startsWith(`${SERVER}seed/`) ||
    rel.startsWith(`${SERVER}backup/`) ||
    rel === `${SERVER}content-key-rotation.ts` ||
    isTest(rel)
  );
}

const TABLE_ARGUMENT = new Set([...BUILDERS, 'innerJoin', 'leftJoin', 'rightJoin', 'fullJoin', 'crossJoin']);

const confidentialTables = {
  meta: {
    type: 'problem',
    docs: { description: 'Confidential tables are queried only in the areas of the access model (docs/architecture.md#client-access)' },
    messages: {
      table: "'{{table}}' holds confidential client content: read it in the screening, client-record, case-notes or groups area, through modules/client-record/client-access.ts (docs/architecture.md#client-access, #checked).",
    },
    schema: [],
  },
  create(context) {
    const rel = relative(context.filename);
    if (!rel.startsWith(SERVER) || mayNameConfidential(rel)) return {};
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.computed || !TABLE_ARGUMENT.has(callee.property.name)) return;
        const first = node.arguments[0];
        if (first?.type !== 'Literal' || typeof first.value !== 'string') return;
        const table = first.value.trim().split(/\s+/)[0];
        if (CONFIDENTIAL_TABLES.includes(table)) context.report({ node: first, messageId: 'table', data: { table } });
      },
    };
  },
};

// ---- What the browser keeps ------------------------------------------------------------------------------------

/**
 * The files that write to localStorage or sessionStorage, each for a key of the session or the device named in
 * docs/architecture.md#checked; confidential content never outlives the session in browser storage (decision 0162).
 */
const STORAGE_WRITERS = [
  `${WEB}session/auth-store.ts`,
  `${WEB}offline/session-hint.ts`,
  `${WEB}app/branch-switcher.tsx`,
  `${WEB}lib/i18n.ts`,
  `${WEB}lib/home-hint.ts`,
  `${WEB}lib/crisis-info.ts`,
  `${WEB}lib/early-reads.ts`,
  `${WEB}session/predicted-reads.ts`,
  `${WEB}last-screen/keep.ts`,
  `${WEB}features/lending/components/ticket-paper.tsx`,
];

const STORAGES = new Set(['localStorage', 'sessionStorage']);

const browserStorage = {
  meta: {
    type: 'problem',
    docs: { description: 'Only the named files write to browser storage (docs/architecture.md#checked)' },
    messages: {
      write: 'Writes to localStorage or sessionStorage stay in the files docs/architecture.md#checked names, each with its key: confidential content never outlives the session in the browser (decision 0162).',
    },
    schema: [],
  },
  create(context) {
    const rel = relative(context.filename);
    if (!rel.startsWith(WEB) || isTest(rel) || STORAGE_WRITERS.includes(rel)) return {};
    const isStorage = (node) => node?.type === 'Identifier' && STORAGES.has(node.name);
    const storageMember = (node) =>
      node?.type === 'MemberExpression' && (isStorage(node.object) || (node.object.type === 'MemberExpression' && !node.object.computed && STORAGES.has(node.object.property.name)));
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type === 'MemberExpression' && !callee.computed && callee.property.name === 'setItem') context.report({ node, messageId: 'write' });
      },
      AssignmentExpression(node) {
        if (storageMember(node.left)) context.report({ node, messageId: 'write' });
      },
    };
  },
};

// ---- Comments cite only what the repository holds --------------------------------------------------------------

const DOCS = path.join(ROOT, 'docs');
let citable = null;

/** The decision numbers and the anchors of docs/architecture.md and docs/product-rules.md, read once per run. */
function citableDocs() {
  if (citable) return citable;
  const decisions = new Set(fs.readdirSync(path.join(DOCS, 'decisions')).map((f) => f.slice(0, 4)).filter((n) => /^\d{4}$/.test(n)));
  const anchors = {};
  for (const page of ['architecture', 'product-rules']) {
    const text = fs.existsSync(path.join(DOCS, `${page}.md`)) ? fs.readFileSync(path.join(DOCS, `${page}.md`), 'utf8') : '';
    anchors[page] = new Set([...text.matchAll(/<a id="([^"]+)"/g)].map((m) => m[1]));
  }
  citable = { decisions, anchors };
  return citable;
}

/** What a clone does not contain: the tracker's issues and the files outside the repository. */
const OUTSIDE = /\bissues?\s*#?\s*\d+|(^|[\s(])#\d{1,5}\b|\/work\/|shared\/spec|product-spec\.md|\bPRODUCT\.md|\bARCHITECTURE\.md|OFFLINE-SYNC\.md/;

const commentCites = {
  meta: {
    type: 'problem',
    docs: { description: 'Comments cite only what a clone contains (docs/architecture.md#rules, rule 8)' },
    messages: {
      outside: 'A comment cites only what a clone contains (docs/…, a decision record), never an issue or a file outside the repository (docs/architecture.md#rules).',
      decision: 'Decision {{number}} is not in docs/decisions/: cite a record that exists (docs/architecture.md#rules).',
      anchor: 'docs/{{page}}.md has no anchor #{{anchor}} (docs/architecture.md#rules).',
    },
    schema: [],
  },
  create(context) {
    const rel = relative(context.filename);
    if (!/^(apps|packages|scripts|e2e|bench)\//.test(rel)) return {};
    return {
      Program() {
        const { decisions, anchors } = citableDocs();
        for (const comment of context.sourceCode.getAllComments()) {
          const text = comment.value;
          if (OUTSIDE.test(text)) context.report({ loc: comment.loc, messageId: 'outside' });
          for (const m of text.matchAll(/\bdecisions?\s+((?:\d{4}\b(?:\s*(?:,|-|–|and|to|or)\s*)?)+)|docs\/decisions\/(\d{4})/gi)) {
            for (const number of (m[1] ?? m[2]).match(/\d{4}/g)) {
              if (!decisions.has(number)) context.report({ loc: comment.loc, messageId: 'decision', data: { number } });
            }
          }
          for (const m of text.matchAll(/\b(architecture|product-rules)\.md#([\w-]+)/g)) {
            if (!anchors[m[1]].has(m[2])) context.report({ loc: comment.loc, messageId: 'anchor', data: { page: m[1], anchor: m[2] } });
          }
        }
      },
    };
  },
};

// ---- After a write, the newest answer wins ----------------------------------------------------------------------

/** The one web file that marks queries stale: it drops a read still on its way first (decision 0368). */
export const QUERY_REFRESHER = `${WEB}lib/refresh-queries.ts`;

const queryRefresh = {
  meta: {
    type: 'problem',
    docs: { description: 'The web reads queries again only through lib/refresh-queries.ts (docs/architecture.md#checked)' },
    messages: {
      invalidate:
        'Read again with refreshQueries(client, filters) from lib/refresh-queries.ts: invalidateQueries alone keeps a read that left before the write when the query has no data yet (decision 0368).',
    },
    schema: [],
  },
  create(context) {
    const rel = relative(context.filename);
    if (!rel.startsWith(WEB) || isTest(rel) || rel === QUERY_REFRESHER) return {};
    const named = (node) => (node.computed ? node.property.type === 'Literal' && node.property.value === 'invalidateQueries' : node.property.name === 'invalidateQueries');
    return {
      MemberExpression(node) {
        if (named(node)) context.report({ node, messageId: 'invalidate' });
      },
      Property(node) {
        // `const { invalidateQueries } = client` takes it out of the client to call it unseen.
        if (node.parent.type === 'ObjectPattern' && !node.computed && (node.key.name ?? node.key.value) === 'invalidateQueries') context.report({ node, messageId: 'invalidate' });
      },
    };
  },
};

export const contentChecks = {
  'route-guard': routeGuard,
  'confidential-tables': confidentialTables,
  'browser-storage': browserStorage,
  'comment-cites': commentCites,
  'query-refresh': queryRefresh,
};
