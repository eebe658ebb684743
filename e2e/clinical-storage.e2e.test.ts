import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './support/api';
import { DEMO, DESKTOP, newPage, signIn } from './support/browser';
import { signOut } from './support/lending';
import type { RunningServer } from './support/server';
import { withAppAndBrowser } from './support/suite';

// Decision 0376: after a counselor has opened every clinical screen, the browser keeps nothing of what they showed
// beyond the session (docs/product-rules.md#confidentiality): while signed in, no case note's words and no API reply
// in Cache Storage, localStorage, sessionStorage or IndexedDB; once signed out, not even a client's name.

let server: RunningServer;
let browser: Parameters<typeof newPage>[0];
withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});

interface Kept {
  text: string;
  cachedApi: string[];
}

/** What this origin holds: localStorage, sessionStorage, every IndexedDB store's rows, and Cache Storage (URLs and bodies). */
async function keptByTheBrowser(page: Page): Promise<Kept> {
  return page.evaluate(async () => {
    const parts: unknown[] = [{ ...localStorage }, { ...sessionStorage }];
    const readAll = (name: string) =>
      new Promise<unknown>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          const names = Array.from(db.objectStoreNames);
          if (names.length === 0) return resolve((db.close(), null));
          const tx = db.transaction(names, 'readonly');
          const rows = names.map((n) => tx.objectStore(n).getAll());
          tx.oncomplete = () => resolve((db.close(), rows.map((r) => r.result)));
          tx.onerror = () => reject(tx.error);
        };
      });
    for (const { name } of await indexedDB.databases()) if (name) parts.push(await readAll(name));
    const cachedApi: string[] = [];
    for (const cacheName of await caches.keys()) {
      const cache = await caches.open(cacheName);
      for (const request of await cache.keys()) {
        const path = new URL(request.url).pathname;
        if (path.startsWith('/api/')) cachedApi.push(path);
        const reply = await cache.match(request);
        if (reply && /json|text\/plain/.test(reply.headers.get('content-type') ?? '')) parts.push(await reply.text());
      }
    }
    return { text: JSON.stringify(parts), cachedApi };
  });
}

/** Opens a screen and waits until its reads have answered. */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(`${server.baseURL}${path}`);
  await page.waitForLoadState('networkidle');
  await page.locator('main h1, main h2').first().waitFor();
}

describe('clinical screens leave nothing in the browser', () => {
  it('a counselor opens every clinical screen: nothing of them is kept in the session, and nothing of anyone after it', { timeout: 240_000 }, async () => {
    const counselor = await apiLogin(server, DEMO.counselor);
    const mine = await apiCall<{ data: { id: number; name: string }[] }>(server, counselor, 'GET', '/api/clients/mine');
    const triage = await apiCall<{ data: { client_name: string }[] }>(server, counselor, 'GET', '/api/triage');
    const words: string[] = [];
    let withNotes: number | undefined;
    let noteWords: string[] = [];
    let noteUuid = '';
    for (const c of mine.data) {
      const notes = await apiCall<{ data: { uuid: string; status: string; sections: Record<string, string> }[] }>(server, counselor, 'GET', `/api/clients/${c.id}/case-notes`);
      for (const n of notes.data) {
        const texts = Object.values(n.sections).filter((text) => text.length >= 30).map((text) => text.slice(0, 30));
        words.push(...texts);
        // The note opened is a signed one: a draft's words are in its text boxes, which a screen's text does not
        // hold (which note is a client's newest depends on the day the demo data was made).
        if (noteUuid === '' && n.status === 'signed' && texts.length > 0) [withNotes, noteUuid, noteWords] = [c.id, n.uuid, texts];
      }
    }
    expect(withNotes).toBeDefined();
    expect(words.length).toBeGreaterThan(0);
    const names = [...new Set([...mine.data.map((c) => c.name), ...triage.data.map((i) => i.client_name)])];
    expect(names.length).toBeGreaterThan(1);

    const { context, page } = await newPage(browser, server.baseURL, DESKTOP);
    await signIn(page, DEMO.counselor);
    const screens = ['/triage', '/clients', `/clients/${withNotes}`, `/clients/${withNotes}/screenings`, `/clients/${withNotes}/notes`, `/case-notes/${noteUuid}`, '/case-notes/review', '/groups', '/appointments', '/profile', '/appointments'];
    const shown: string[] = [];
    for (const path of screens) {
      await visit(page, path);
      shown.push(await page.locator('main').innerText());
    }
    // The screens were drawn: the Triage list showed its names, the notes their words.
    expect(names.some((n) => shown[0].includes(n))).toBe(true);
    const notesScreen = shown[5].replace(/\s+/g, ' ');
    expect(noteWords.some((w) => notesScreen.includes(w.replace(/\s+/g, ' '))), notesScreen.slice(0, 600)).toBe(true);
    const during = await keptByTheBrowser(page);
    // The dump sees what the app keeps: the Appointments screen, kept for the session, names its clients.
    expect(names.some((n) => during.text.includes(n))).toBe(true);
    expect(during.cachedApi).toEqual([]);
    for (const w of words) expect(during.text, w).not.toContain(w);

    await signOut(page);
    const after = await keptByTheBrowser(page);
    expect(after.cachedApi).toEqual([]);
    for (const w of words) expect(after.text, w).not.toContain(w);
    for (const name of names) expect(after.text, name).not.toContain(name);
    await context.close();
  });
});
