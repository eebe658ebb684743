// An IndexedDB before anything loads Dexie: Dexie reads the environment's once, when the package first loads in the
// worker, and without one its live queries never run again for any later file of that worker (the lending screens
// then never redrew on a change; decision 0265). The files that run in Node touch no IndexedDB.
import 'fake-indexeddb/auto';
import { vi } from 'vitest';

// Runs before each test file. Files that need no DOM run in Node (`// @vitest-environment node` on their first
// line) and skip all of this. The DOM files share their worker's jsdom and packages (isolate: false, decision
// 0196), so each starts from an empty browser: no stored data, no databases, no markup, and our own modules
// loaded afresh (their module-level state, e.g. the open local book, starts over).
if (typeof document !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react');
  cleanup();
  // findBy*/waitFor wait for a condition, not a time: the 1 s default was too short when CI's two cores are
  // busy with the other test files (month-days.test.tsx failed once that way). A real failure still fails,
  // only later.
  configure({ asyncUtilTimeout: 5000 });
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.resetModules();
  localStorage.clear();
  sessionStorage.clear();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  // The shared components' words (the common area) load at start-up with the frame (main.tsx): so in every test.
  await (await import('../lib/i18n')).initI18n(['common']);
  if (typeof indexedDB !== 'undefined') {
    const names = (await indexedDB.databases()).flatMap((d) => (d.name ? [d.name] : []));
    await Promise.all(
      names.map(
        (name) =>
          new Promise<void>((resolve, reject) => {
            const req = indexedDB.deleteDatabase(name);
            req.onsuccess = () => resolve();
            req.onerror = () => reject(req.error ?? new Error(`could not delete ${name}`));
            req.onblocked = () => reject(new Error(`${name} is still open`));
          }),
      ),
    );
  }
}

// Every file starts in the default language with no choice made. Files that run in Node share their worker's
// modules without the reset above, so a test that switched to Filipino left the next file's dates and words in
// Filipino ('Marso 2026' where 'March 2026' was expected) unless it switched back itself.
{
  const { forgetDeviceChoice, setSiteLanguage, setUserLanguage } = await import('../lib/i18n');
  await setUserLanguage(null);
  await setSiteLanguage(null);
  await forgetDeviceChoice();
}
