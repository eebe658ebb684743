// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { onDeviceInZone } from '../../test/device-zone';
import { timeAgo } from './notification-text';

// A notice older than a week shows its day on the centre's calendar, not the device's (decision 0380).


onDeviceInZone('UTC', ['notifications']);

describe('timeAgo on a device in another zone than the centre', () => {
  it("gives an old notice's day in the centre's zone", () => {
    const now = Date.parse('2026-12-10T12:00:00.000Z');
    expect(timeAgo('2026-11-29T17:00:00.000Z', now, 'Asia/Manila')).toBe('Nov 30, 2026');
    expect(timeAgo('2026-11-29T17:00:00.000Z', now, 'UTC')).toBe('Nov 29, 2026');
  });
});
