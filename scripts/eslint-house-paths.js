// What the house's lint rules share: where the repository is, the apps' source folders, a file's path from the root,
// what counts as test code, and the query builder's entries (docs/architecture.md#keep-clean, #checked).

import path from 'node:path';

export const ROOT = path.dirname(path.dirname(new URL(import.meta.url).pathname));
export const SERVER = 'apps/server/src/';
export const WEB = 'apps/web/src/';

/** The file's path from the repository's root, with forward slashes. */
export function relative(file) {
  return path.relative(ROOT, file).split(path.sep).join('/');
}

/** Tests compose every layer (docs/architecture.md#layers names them as not code of a layer). */
export function isTest(rel) {
  return /\.test\.tsx?$|\.test-helpers\.tsx?$/.test(rel) || rel.startsWith(`${WEB}test/`) || rel.startsWith('apps/server/test/');
}

/** Calls that start a query: what "builds SQL" means (docs/architecture.md#sql). */
export const BUILDERS = new Set(['selectFrom', 'insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'mergeInto', 'selectNoFrom']);
