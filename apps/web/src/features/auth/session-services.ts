// What runs while someone is signed in: the sync queue runner and the pulls (offline/sync-engine.ts, built by
// the store engineer). Started after sign-in and at start-up when signed in; stopped on logout.
//
// INTEGRATION POINT (coordinator): when apps/web/src/offline/sync-engine.ts lands on main, replace the two
// bodies below with `startSync()` and `stopSync()` from '../../offline/sync-engine'.

export function startSessionServices(): void {
  // startSync();
}

export function stopSessionServices(): void {
  // stopSync();
}
