// @vitest-environment node
import type { PawnNotice } from '@kalinga/contracts/lending/notices';
import { describe, expect, it } from 'vitest';
import { onDeviceInZone } from '../../../test/device-zone';
import { noticeStatusText } from './notices-api';

// When a forfeiture notice was sent reads on the counter's clock, its zone named when the browser's differs
// (decision 0380): 17:00 UTC on 29 November is 1:00 AM on the 30th in Manila.


onDeviceInZone('UTC', ['lending']);

describe('noticeStatusText on a device in another zone than the counter', () => {
  it("says when it was emailed on the counter's clock and names the zone", () => {
    const notice = { sent_at: '2026-11-29T17:00:00.000Z', sent_by: null, email: 'ana@example.test', email_status: 'sent', email_error: null } as unknown as PawnNotice; // only the fields the line reads
    expect(noticeStatusText(notice, 'Asia/Manila')).toBe('Emailed to ana@example.test on Nov 30, 2026, 1:00 AM (Asia/Manila)');
  });
});
