// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { bookStillComing, firstSyncState, firstSyncText } from './first-sync';

const idle = { running: false, table: null, loaded: 0, total: 0, failed: null };

describe('first sync state', () => {
  it('is unknown while the store is read, done once a sync finished, waiting or running before', () => {
    expect(firstSyncState(undefined, idle).phase).toBe('unknown');
    expect(firstSyncState(true, { ...idle, running: true }).phase).toBe('done');
    expect(firstSyncState(false, idle).phase).toBe('waiting');
    expect(firstSyncState(false, { ...idle, running: true }).phase).toBe('running');
    expect(bookStillComing(firstSyncState(undefined, idle))).toBe(false);
    expect(bookStillComing(firstSyncState(true, idle))).toBe(false);
    expect(bookStillComing(firstSyncState(false, idle))).toBe(true);
  });

  it('says the rows and the table so far, the wait offline, and why a download stopped', () => {
    const running = firstSyncState(false, { running: true, table: 'loans', loaded: 3456, total: 10214, failed: null });
    expect(firstSyncText(running, true)).toBe("Downloading the shop's book to this device: 3,456 of 10,214 rows so far, table 3 of 5 (loans).");
    expect(firstSyncText(firstSyncState(false, idle), false)).toContain('it downloads when the connection returns');
    expect(firstSyncText(firstSyncState(false, { ...idle, loaded: 2000, failed: 'The server did not answer in time' }), true)).toBe(
      "The download of the shop's book stopped (The server did not answer in time) after 2,000 rows: it goes on by itself at the next sync.",
    );
    expect(firstSyncText(firstSyncState(true, idle), true)).toBe('');
  });
});
