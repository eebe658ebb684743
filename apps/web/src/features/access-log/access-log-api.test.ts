import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api-client';
import { downloadAccessLog, NO_FILTERS } from './access-log-api';

// The downloaded log is named with the centre's day (decision 0373): after 16:00 UTC Manila is already on the next.

afterEach(() => {
  vi.runOnlyPendingTimers(); // the object URL's release
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('downloadAccessLog', () => {
  it("names the file with today's date in the centre's zone, not UTC's", async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout'] });
    vi.setSystemTime(new Date('2026-11-29T17:00:00Z')); // 01:00 on 30 November in Manila
    vi.spyOn(api, 'get').mockResolvedValue('"When (UTC)"\r\n');
    vi.stubGlobal('URL', class extends URL {
      static override createObjectURL = () => 'blob:log';
      static override revokeObjectURL = () => undefined;
    });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    await downloadAccessLog(NO_FILTERS, 'Asia/Manila');
    expect(names).toEqual(['access-log-2026-11-30.csv']);
  });
});
