import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Screens import these files for their constants and rules on their first paint; importing zod (or a file
// that does) would put zod's chunk and the schemas' construction back on that path (decision 0091).
const ZOD_FREE = ['appointment-constants.ts', 'category-constants.ts', 'sync-constants.ts', 'lending/operation-routes.ts', 'screening/crisis.ts', 'notice-period.ts', 'notification-kinds.ts', 'report-constants.ts', 'role-constants.ts', 'screening/items.ts'];

/** The files `file` imports from this folder, itself included, and every package it names. */
function importsOf(file: string, seen = new Set<string>()): { files: Set<string>; packages: Set<string> } {
  const packages = new Set<string>();
  seen.add(file);
  const source = readFileSync(join(import.meta.dirname, file), 'utf8');
  for (const match of source.matchAll(/^\s*(?:import|export)\s+(type\s+)?[^'"]*?from\s+'([^']+)'/gm)) {
    if (match[1]) continue; // a type-only import builds nothing
    const target = match[2];
    if (!target.startsWith('.')) packages.add(target);
    else if (!seen.has(`${target.slice(2)}.ts`)) for (const p of importsOf(`${target.slice(2)}.ts`, seen).packages) packages.add(p);
  }
  return { files: seen, packages };
}

describe('contract files a screen needs on its first paint', () => {
  it.each(ZOD_FREE)('%s imports no zod, directly or through another file', (file) => {
    expect([...importsOf(file).packages]).toEqual([]);
  });

  it('the check sees zod where it is imported', () => {
    expect([...importsOf('appointments.ts').packages]).toContain('zod');
  });
});
