import type { Screening } from '@kalinga/contracts/screening/schemas';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { onDeviceInZone } from '../../test/device-zone';
import { ScoresChart } from './scores-chart';

// The scores chart labels each screening with the centre's day, not the device's (decision 0380).

vi.mock('../../session/site-settings', () => ({ useSiteSettings: () => ({ data: { timezone: 'Asia/Manila' } }) }));

onDeviceInZone('UTC', ['triage']);

describe('ScoresChart on a device in another zone than the centre', () => {
  it("labels a screening taken at 01:00 on 30 November in Manila with that day", () => {
    const screening = { id: 1, created_at: '2026-11-29T17:00:00.000Z', phq9_score: 12, gad7_score: 8 } as unknown as Screening; // only the fields the chart reads
    render(<ScoresChart screenings={[screening]} />);
    expect(screen.getByText('Nov 30')).toBeTruthy();
  });
});
