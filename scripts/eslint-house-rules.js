// The rules of the house (docs/architecture.md#layers, #rules) as ESLint rules, so `npm run lint` fails on a file
// that breaks them (decision 0241). Paths are read from the import's text: relative specifiers are resolved against
// the file, nothing else is resolved, so the check needs neither the type checker nor a resolver.

import fs from 'node:fs';
import path from 'node:path';
import { contentChecks } from './eslint-house-checks.js';
import { dayChecks } from './eslint-house-days.js';
import { directiveChecks } from './eslint-house-directives.js';
import { BUILDERS, isTest, relative, ROOT, SERVER, WEB } from './eslint-house-paths.js';

/** Where a relative specifier points, from the root; null for a package. */
function target(fromRel, spec) {
  if (!spec.startsWith('.')) return null;
  return path.posix.normalize(path.posix.join(path.posix.dirname(fromRel), spec)).replace(/\.(js|ts|tsx)$/, '');
}

/** Every import, export-from and import() of a file, with the node to report on. */
function eachImport(context, visit) {
  const check = (node, source, typeOnly) => {
    if (source && typeof source.value === 'string') visit(node, source.value, typeOnly);
  };
  return {
    ImportDeclaration: (node) => check(node, node.source, node.importKind === 'type'),
    ExportNamedDeclaration: (node) => check(node, node.source, node.exportKind === 'type'),
    ExportAllDeclaration: (node) => check(node, node.source, node.exportKind === 'type'),
    ImportExpression: (node) => check(node, node.source, false),
  };
}

// ---- The server's layers -------------------------------------------------------------------------------------

const SERVER_TOP = ['main', 'app', 'email-writers', 'maintenance', 'content-key-rotation', 'key-command'];

/** The server layer of a path under apps/server/src (1 the top … 5 the ground), per docs/architecture.md#layers. */
function serverLayer(rel) {
  const inner = rel.slice(SERVER.length);
  const first = inner.split('/')[0];
  if (SERVER_TOP.includes(inner.replace(/\.ts$/, '')) || first === 'backup' || first === 'seed') return { rank: 1, name: first === 'seed' || first === 'backup' ? `${first}/` : inner };
  if (first === 'modules') return { rank: 2, name: 'modules/' };
  if (first === 'plugins') return { rank: 3, name: 'plugins/' };
  if (first === 'lib') return { rank: 4, name: 'lib/' };
  if (first === 'db' || inner.replace(/\.ts$/, '') === 'config') return { rank: 5, name: first === 'db' ? 'db/' : 'config.ts' };
  return null;
}

const areaOf = (rel) => /^apps\/server\/src\/modules\/([^/]+)\//.exec(rel)?.[1] ?? null;

let areaGraph = null;

/** Which areas each server area imports (outside tests), read once per run from the files on disk. */
function serverAreaGraph() {
  if (areaGraph) return areaGraph;
  areaGraph = new Map();
  const modules = path.join(ROOT, SERVER, 'modules');
  for (const file of fs.readdirSync(modules, { recursive: true, encoding: 'utf8' })) {
    const rel = `${SERVER}modules/${file.split(path.sep).join('/')}`;
    if (!/\.ts$/.test(rel) || isTest(rel)) continue;
    const from = areaOf(rel);
    const text = fs.readFileSync(path.join(ROOT, rel), 'utf8');
    for (const match of text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)) {
      const to = areaOf(`${target(rel, match[1])}/`);
      if (to && to !== from) {
        if (!areaGraph.has(from)) areaGraph.set(from, new Set());
        areaGraph.get(from).add(to);
      }
    }
  }
  return areaGraph;
}

/** Whether `from` reaches `to` through the areas' imports. */
function reaches(from, to) {
  const graph = serverAreaGraph();
  const seen = new Set([from]);
  const todo = [from];
  while (todo.length > 0) {
    for (const next of graph.get(todo.pop()) ?? []) {
      if (next === to) return true;
      if (!seen.has(next)) {
        seen.add(next);
        todo.push(next);
      }
    }
  }
  return false;
}

const serverLayers = {
  meta: {
    type: 'problem',
    docs: { description: 'Server imports point down the layers of docs/architecture.md#layers' },
    messages: {
      up: "{{from}} imports {{to}}, a layer above it: imports point down only (docs/architecture.md#layers).",
      seed: 'Only main.ts and tests import the demo seed (docs/architecture.md#layers).',
      service: 'A repository never imports a service (docs/architecture.md#layers).',
      route: 'A route file imports no repository: it calls its service, which reads and writes (docs/architecture.md#layers).',
      circle: "Area '{{from}}' imports area '{{to}}', which leads back to '{{from}}': two areas never import each other in a circle (docs/architecture.md#layers).",
    },
    schema: [],
  },
  create(context) {
    const rel = relative(context.filename);
    if (!rel.startsWith(SERVER) || isTest(rel)) return {};
    const from = serverLayer(rel);
    const area = areaOf(rel);
    return eachImport(context, (node, spec, typeOnly) => {
      const to = target(rel, spec);
      if (!to || !to.startsWith(SERVER)) return;
      if (/\.routes\.ts$/.test(rel) && /\.repository$/.test(to) && !typeOnly) context.report({ node, messageId: 'route' });
      const layer = serverLayer(`${to}.ts`) ?? serverLayer(`${to}/`);
      if (to.startsWith(`${SERVER}seed/`) && !rel.startsWith(`${SERVER}seed/`) && rel !== `${SERVER}main.ts`) {
        context.report({ node, messageId: 'seed' });
      } else if (from && layer && layer.rank < from.rank) {
        context.report({ node, messageId: 'up', data: { from: from.name, to: layer.name } });
      }
      if (/\.repository\.ts$/.test(rel) && /\.service$/.test(to)) context.report({ node, messageId: 'service' });
      const toArea = areaOf(`${to}/`);
      if (area && toArea && toArea !== area && reaches(toArea, area)) {
        context.report({ node, messageId: 'circle', data: { from: area, to: toArea } });
      }
    });
  },
};

// ---- Only repositories build SQL -------------------------------------------------------------------------------


/**
 * Where SQL may be built (docs/architecture.md#rules, rule 1): repositories, db/ (migrations, locks, the change
 * counter), the seed's writers, tests, and the whole-database tools docs/architecture.md#sql names with their reason.
 */
function mayBuildSql(rel) {
  return (
    /\.repository\.ts$/.test(rel) ||
    rel.startsWith(`${SERVER}db/`) ||
    rel.startsWith(`${SERVER}seed/`) ||
    rel.startsWith(`${SERVER}backup/`) ||
    rel === `${SERVER}content-key-rotation.ts` ||
    isTest(rel)
  );
}

const sqlInRepositories = {
  meta: {
    type: 'problem',
    docs: { description: 'Only repositories build SQL (docs/architecture.md#rules)' },
    messages: {
      builder: "'.{{name}}(' builds SQL: only repositories (*.repository.ts), db/ and the seed's writers do (docs/architecture.md#sql).",
      raw: "Kysely's sql template builds SQL: only repositories (*.repository.ts), db/ and the seed's writers use it (docs/architecture.md#sql).",
    },
    schema: [],
  },
  create(context) {
    const rel = relative(context.filename);
    if (!rel.startsWith(SERVER) || mayBuildSql(rel)) return {};
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type === 'MemberExpression' && !callee.computed && BUILDERS.has(callee.property.name)) {
          context.report({ node: callee.property, messageId: 'builder', data: { name: callee.property.name } });
        }
      },
      ImportDeclaration(node) {
        if (node.source.value !== 'kysely' || node.importKind === 'type') return;
        for (const spec of node.specifiers) {
          if (spec.type === 'ImportSpecifier' && spec.importKind !== 'type' && spec.imported.name === 'sql') context.report({ node: spec, messageId: 'raw' });
        }
      },
    };
  },
};

// ---- The web app's layers -----------------------------------------------------------------------------------

/**
 * The web layer of a path under apps/web/src, top to bottom (docs/architecture.md#layers): main.tsx, app/,
 * features/, session/, offline/ and last-screen/, components/, lib/.
 */
function webLayer(rel) {
  const inner = rel.slice(WEB.length);
  const first = inner.split('/')[0];
  if (/^main(\.tsx)?$/.test(inner)) return { rank: 0, name: 'main.tsx' };
  const ranks = { app: 1, features: 2, session: 3, offline: 4, 'last-screen': 4, components: 5, lib: 6 };
  return first in ranks ? { rank: ranks[first], name: `${first}/` } : null;
}

const featureOf = (rel) => /^apps\/web\/src\/features\/([^/]+)\//.exec(rel)?.[1] ?? null;

const webLayers = {
  meta: {
    type: 'problem',
    docs: { description: 'Web imports point down, and features never import each other (docs/architecture.md#layers)' },
    messages: {
      up: "{{from}} imports {{to}}, a layer above it: imports point down only (docs/architecture.md#layers).",
      feature: "Feature '{{from}}' imports feature '{{to}}': features never import each other; shared code moves down to components/ or lib/ (docs/architecture.md#layers).",
    },
    schema: [],
  },
  create(context) {
    const rel = relative(context.filename);
    if (!rel.startsWith(WEB) || isTest(rel)) return {};
    const from = webLayer(rel);
    const feature = featureOf(rel);
    return eachImport(context, (node, spec) => {
      const to = target(rel, spec);
      if (!to || !to.startsWith(WEB)) return;
      const layer = webLayer(to);
      if (from && layer && layer.rank < from.rank) context.report({ node, messageId: 'up', data: { from: from.name, to: layer.name } });
      const toFeature = featureOf(`${to}/`);
      if (feature && toFeature && toFeature !== feature) context.report({ node, messageId: 'feature', data: { from: feature, to: toFeature } });
    });
  },
};

// ---- Test code stays out of production code ---------------------------------------------------------------------

/** Production code: the apps' and packages' sources, not their tests (docs/architecture.md#test-code). */
function isProduction(rel) {
  return /^(apps\/server\/src|apps\/web\/src|packages\/[^/]+\/src)\//.test(rel) && !isTest(rel);
}

/** Where test code lives: test files, the server's test/ folder, the web's src/test/, and old-style *.test-helpers. */
function isTestTarget(to) {
  return /\.test(-helpers)?$/.test(to) || to.startsWith('apps/server/test/') || to.startsWith(`${WEB}test/`);
}

const TEST_NAME = /ForTests$/;

const testCode = {
  meta: {
    type: 'problem',
    docs: { description: 'Production code exports no *ForTests seam and imports no test code (docs/architecture.md#test-code)' },
    messages: {
      seam: "'{{name}}' is a seam for tests in production code: inject what the test replaces instead (docs/architecture.md#test-code).",
      helper: 'Production code imports test code ({{spec}}): test helpers live in apps/server/test/<area>/ or apps/web/src/test/ and only tests import them (docs/architecture.md#test-code).',
      place: 'A test helper lives in apps/server/test/<area>/ or apps/web/src/test/, not beside production code (docs/architecture.md#test-code).',
    },
    schema: [],
  },
  create(context) {
    const rel = relative(context.filename);
    const visitors = {};
    if (/\.test-helpers\.tsx?$/.test(rel)) {
      visitors.Program = (node) => context.report({ node, loc: { line: 1, column: 0 }, messageId: 'place' });
    }
    if (!isProduction(rel)) return visitors;
    const name = (id) => (id && id.type === 'Identifier' ? id.name : id && id.type === 'Literal' ? String(id.value) : null);
    const seam = (node, id) => {
      const n = name(id);
      if (n && TEST_NAME.test(n)) context.report({ node, messageId: 'seam', data: { name: n } });
    };
    return {
      ...visitors,
      ...eachImport(context, (node, spec) => {
        const to = target(rel, spec);
        if (to && isTestTarget(to)) context.report({ node, messageId: 'helper', data: { spec } });
      }),
      ExportNamedDeclaration(node) {
        if (node.source && typeof node.source.value === 'string') {
          const to = target(rel, node.source.value);
          if (to && isTestTarget(to)) context.report({ node, messageId: 'helper', data: { spec: node.source.value } });
        }
        const d = node.declaration;
        if (d?.type === 'FunctionDeclaration' || d?.type === 'ClassDeclaration') seam(node, d.id);
        if (d?.type === 'VariableDeclaration') for (const v of d.declarations) seam(node, v.id);
        for (const s of node.specifiers ?? []) seam(node, s.exported);
      },
    };
  },
};

export { CONFIDENTIAL_TABLES } from './eslint-house-checks.js';

export const houseRules = {
  meta: { name: 'kalinga-house-rules' },
  rules: {
    'server-layers': serverLayers,
    'sql-in-repositories': sqlInRepositories,
    'web-layers': webLayers,
    'test-code': testCode,
    ...contentChecks,
    ...dayChecks,
    ...directiveChecks,
  },
};
