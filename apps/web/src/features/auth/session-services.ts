import { startSync, stopSync } from '../../offline/sync-engine';

// What runs while someone is signed in: the sync queue runner and the pulls (offline/sync-engine.ts).
// Started after sign-in and at start-up when signed in (also in offline mode: it waits for the network);
// stopped on logout and on a 401, leaving unsent queue entries on the device.

export function startSessionServices(): void {
  startSync();
}

export function stopSessionServices(): void {
  stopSync();
}
