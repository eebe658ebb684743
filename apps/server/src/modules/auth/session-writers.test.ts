// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Every write to what a session lookup reads notes it for the session caches (decision 0361): a function of the
// server's code that inserts, updates or deletes rows of these tables calls authChanged, or is named below with the
// reason it need not. A new writer that forgets fails here; session-cache.test.ts shows each noted path on two
// instances. The branches and who works at them are not in a lookup, but the open change streams' carried deltas
// depend on them (decision 0360): their writers note it too, so the streams are looked up again.

const SESSION_TABLES = ['access_tokens', 'users', 'company_user', 'role_user', 'roles', 'role_permission', 'permissions', 'companies', 'branches', 'user_branches'];

/** `file:function` → why its write changes no session that can be kept. */
const NEED_NO_NOTE: Record<string, string> = {
  'modules/auth/token.repository.ts:insertToken': 'a new token is in no cache (only signed-in answers are kept, by token)',
  'modules/auth/token.repository.ts:touchToken': "only moves the idle expiry later; a kept session's expiry is checked on every use",
  'modules/auth/user.repository.ts:insertUser': 'a new user has no session yet',
  'modules/companies/company.repository.ts:insertCompany': 'a new company has no members yet (the membership that follows is noted)',
  'modules/roles/roles.repository.ts:insertRole': 'a new role has no holders yet (giving it to a user is noted)',
  'modules/lending/branches.repository.ts:insertBranch': "no one works at a new branch yet, and it is not the company's first (assigning it is noted)",
  'modules/lending/branches.repository.ts:nextBranchTicketNumber': "only the branch's ticket counter",
};

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tables = SESSION_TABLES.join('|');
const builderWrite = new RegExp(`\\b(insertInto|updateTable|deleteFrom)\\(\\s*['"\`](${tables})['"\` ]`);
const rawWrite = new RegExp(`\\b(insert\\s+into|update|delete\\s+from)\\s+(${tables})\\b`, 'i');

function serverFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return ['migrations', 'seed'].includes(e.name) ? [] : serverFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The file's top-level functions (name and text), each up to the next. */
function functionsOf(text: string): { name: string; body: string }[] {
  const starts = [...text.matchAll(/^(?:export\s+)?(?:async\s+)?function\s+(\w+)|^(?:export\s+)?const\s+(\w+)\s*(?::[^=]+)?=\s*(?:async\s*)?\(/gm)];
  return starts.map((m, i) => ({ name: m[1] ?? m[2], body: text.slice(m.index, starts[i + 1]?.index ?? text.length) }));
}

function writers(): { where: string; notes: boolean }[] {
  return serverFiles(src).flatMap((file) => {
    const rel = path.relative(src, file).split(path.sep).join('/');
    return functionsOf(fs.readFileSync(file, 'utf8'))
      .filter((f) => builderWrite.test(f.body) || rawWrite.test(f.body))
      .map((f) => ({ where: `${rel}:${f.name}`, notes: /\bauthChanged\(/.test(f.body) }));
  });
}

describe('writers of what a session lookup reads', () => {
  it('each notes its change for the session caches, or is named with why it need not', () => {
    const found = writers();
    // The scan sees the known writers (a scan that found nothing would pass anything).
    expect(found.map((w) => w.where)).toEqual(
      expect.arrayContaining(['modules/auth/token.repository.ts:deleteToken', 'modules/roles/roles.repository.ts:setRolePermissions', 'modules/lending/branches.repository.ts:setUserBranches']),
    );
    const silent = found.filter((w) => !w.notes && !(w.where in NEED_NO_NOTE)).map((w) => w.where);
    expect(silent).toEqual([]);
  });

  it('names no writer that is gone or that notes anyway', () => {
    const found = new Map(writers().map((w) => [w.where, w.notes]));
    for (const where of Object.keys(NEED_NO_NOTE)) expect({ where, found: found.get(where) }).toEqual({ where, found: false });
  });
});
