import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BUDGETS_KB } from '../scripts/bundle-budgets';
import { HEADER_BYTES, measureBundle, overBudget } from '../scripts/check-bundle-budgets';

// The start-up budgets (scripts/bundle-budgets.ts, decision 0232) over the build these browser tests run on.

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');

describe('start-up size budgets', () => {
  it('the entry script, the sign-in page and each signed-in path\'s first chunks are within their budgets', () => {
    const measures = measureBundle(dist, BUDGETS_KB);
    expect(measures.map((m) => m.name)).toEqual(expect.arrayContaining(['entry script', '/login, every request with headers', '/appointments first chunks', '/categories first chunks', '/reports first chunks', '/profile first chunks']));
    expect(overBudget(measures).map((m) => `${m.name}: ${m.kb.toFixed(1)} KB > ${m.budgetKb} KB`)).toEqual([]);
  });

  it('a build whose entry or a screen\'s chunks grew past the budget is refused', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kalinga-budget-'));
    try {
      fs.mkdirSync(path.join(dir, 'assets'));
      // Random bytes do not compress: 20 KB stays ~20 KB in brotli.
      const noise = (kb: number) => Buffer.from(Array.from({ length: kb * 1024 }, () => Math.floor(Math.random() * 256)));
      // The entry names its runtime chunk and the sign-in page's catalogs as the bundler writes them.
      const names = 'import{t}from"./runtime-a.js";const c={"../i18n/en/auth.json":()=>import(`./auth-en.js`),"../i18n/fil/auth.json":()=>import(`./auth-fil.js`)};';
      fs.writeFileSync(path.join(dir, 'assets/index-a.js'), Buffer.concat([Buffer.from(names), noise(20)]));
      fs.writeFileSync(path.join(dir, 'assets/runtime-a.js'), 'export const t=1;');
      fs.writeFileSync(path.join(dir, 'assets/auth-en.js'), noise(1));
      fs.writeFileSync(path.join(dir, 'assets/auth-fil.js'), noise(3));
      fs.writeFileSync(path.join(dir, 'assets/index-a.css'), 'body{background:url(/back.svg)}');
      fs.writeFileSync(path.join(dir, 'back.svg'), noise(4));
      fs.mkdirSync(path.join(dir, 'icons'));
      fs.writeFileSync(path.join(dir, 'icons/i.png'), noise(2));
      fs.writeFileSync(path.join(dir, 'manifest.webmanifest'), JSON.stringify({ icons: [{ src: '/icons/i.png' }] }));
      fs.writeFileSync(path.join(dir, 'assets/layout-a.js'), noise(2));
      fs.writeFileSync(path.join(dir, 'assets/reports-page-a.js'), noise(12));
      const boot = JSON.stringify({ entry: '/assets/index-a.js', css: '/assets/index-a.css', preload: [] });
      fs.writeFileSync(path.join(dir, 'index.html'), `<head><script type="application/json" id="boot-data">${boot}</script></head>`);
      fs.writeFileSync(path.join(dir, 'route-preloads.json'), JSON.stringify({ profile: ['assets/layout-a.js'], reports: ['assets/layout-a.js', 'assets/reports-page-a.js'] }));
      const budgets = { login: 100, entry: 15, screens: { profile: 5, reports: 10 }, otherScreen: 5 };
      expect(overBudget(measureBundle(dir, budgets)).map((m) => m.name)).toEqual(['entry script', '/reports first chunks']);
      // The sign-in page counts every request it makes with its headers, as Lighthouse does (decision 0288): the
      // page, stylesheet, entry, runtime, the larger catalog, the stylesheet's image, the manifest and its icon.
      const login = measureBundle(dir, budgets).find((m) => m.name.startsWith('/login'))!;
      expect(login.files).toEqual(['/index.html', '/assets/index-a.css', '/assets/index-a.js', '/assets/runtime-a.js', '/assets/auth-fil.js', '/back.svg', '/manifest.webmanifest', '/icons/i.png']);
      expect(login.kb).toBeGreaterThan(20 + 3 + 4 + 2 + (8 * HEADER_BYTES) / 1024);
      expect(overBudget(measureBundle(dir, { ...budgets, login: 30 })).map((m) => m.name)).toContain(login.name);
      expect(overBudget(measureBundle(dir, { ...budgets, entry: 25, screens: { profile: 5, reports: 20 } }))).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
