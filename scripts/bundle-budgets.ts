// Start-up size budgets of the built web app, in KB of brotli (what a phone downloads; decision 0095), checked by
// scripts/check-bundle-budgets.ts after the build in CI (.ci/run) and by e2e/bundle-budgets.e2e.test.ts.
//
// Where the numbers come from (decision 0232):
// - `login`: everything the sign-in page downloads, as Lighthouse's transfer total counts it (decision 0288): the
//   page, its stylesheet, the entry script and its runtime chunk, the page's catalog, images the script or the
//   stylesheet name, the manifest and its install icon, each with its response headers. At most 110 KB, the target
//   set for `/login` after it had grown to 159 KB (zod and the lending schemas in the entry script). Lighthouse
//   measured 113 KB when this counted only the page, stylesheet and script (101 KB); 108.0 KB after decision 0288
//   (the check's own figure: 108.6, its header allowance rounded up).
// - `entry`: the script every page runs first: 79 KB after decision 0230 (react-dom, the router, the sign-in page,
//   the session store); about 8 % of room.
// - `screens`: what each signed-in path's page preloads beside the entry (route-preloads.json: the signed-in frame,
//   the screen and what they import statically), each as measured after decision 0230 plus about 10 % of room.
//   A path not listed gets `otherScreen`. A screen that outgrows its budget moves what its first view does not
//   draw into chunks loaded later (lib/lazy-part.tsx, decision 0091), or raises its budget here with the reason in
//   a decision record.

export const BUDGETS_KB = {
  login: 110,
  entry: 85,
  screens: {
    // measured 34.0: the frame, the list, the query library, date formatting; 32.7 at decision 0393, which lowered
    // this from 38: a first open's largest paint waits for these with the entry and the stylesheet, about 9 ms a KB,
    // and sat at 1.96 s against the 2.0 s target
    '': 34,
    appointments: 34,
    // measured 26.6: the list's request does not wait for the device's database (Dexie, 28 KB), which loads beside it (decision 0363)
    categories: 29,
    // measured 25.0: the charts load after the first paint (decision 0092)
    reports: 28,
    // measured 25.04-25.08 at 5bd217b (the shared signed-in chunk, 23.1 KB, with the same code renamed between builds
    // weighs up to 0.1 KB more in brotli); raised from 25 by decision 0371
    profile: 25.5,
    // measured 47.7
    resources: 53,
    // measured 48.1
    schedule: 53,
    // measured 95.3: the queue, the sync engine and the local database
    sync: 105,
    // measured 113.8: every lending screen in one chunk with the local book; 124.6 before decision 0388 (the query
    // library's one timer, in the shared signed-in chunk), 125.1 with it: raised from 125 then, and kept when decision
    // 0389 (125.5) was reverted
    lending: 126,
    // measured 20.4; 23.0 before and 23.2 after decision 0388 put the query library's timers on one browser timer
    // (its module is in the shared signed-in chunk, which is all of /settings' first chunks); raised from 23 by 0388
    settings: 23.5,
    // measured 1.3
    register: 3,
  } as Record<string, number>,
  otherScreen: 45,
};
