import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { fakeNetwork } from '../../../test/fake-network';
import { MonthDays, monthCells } from './month-days';
import { initI18n } from '../../../lib/i18n';

beforeAll(() => initI18n(['appointments']));

const net = fakeNetwork(new Date('2026-11-23T09:00:00Z'));
afterEach(cleanup);

describe('the month at a glance in the booking form', () => {
  it('lays a month out Monday first', () => {
    const cells = monthCells('2026-12');
    expect(cells.slice(0, 2)).toEqual([null, '2026-12-01']); // 1 December 2026 is a Tuesday
    expect(cells.filter(Boolean)).toHaveLength(31);
  });

  it('marks the days with free times from one call, and Next available picks the first one', async () => {
    net.fetchMock.mockResolvedValue(net.json(200, { days: ['2026-11-30'], next_available: '2026-11-30', timezone: 'Asia/Manila' }));
    const onPick = vi.fn();
    render(<QueryClientProvider client={createQueryClient()}><MonthDays counselorId={7} value="2026-11-24" today="2026-11-23" onPick={onPick} /></QueryClientProvider>);
    const next = await screen.findByRole('button', { name: 'Next available: Mon, Nov 30, 2026' });
    expect(net.fetchMock).toHaveBeenCalledTimes(1);
    expect(String(net.fetchMock.mock.calls[0][0])).toBe('/api/appointments/available-days?counselor_id=7&month=2026-11');
    expect((screen.getByRole('button', { name: 'Monday, November 30, 2026, free slots' }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Tuesday, November 24, 2026, no free slots' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(next);
    expect(onPick).toHaveBeenCalledWith('2026-11-30');
  });
});
