import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onDeviceInZone } from '../../../test/device-zone';
import { jsonResponse, mockFetchEachTest, renderWithQueries } from '../../../test/render';
import { GroupReportSection } from './group-report';

// The groups report's year starts at the centre's year, not the device's (decision 0380): New Year's first hour in
// Manila on a device in UTC.

vi.mock('../../../session/site-settings', () => ({ useSiteSettings: () => ({ data: { timezone: 'Asia/Manila' } }) }));

const fetchMock = mockFetchEachTest();
const urlOf = (input: Parameters<typeof fetch>[0]) => (typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);

onDeviceInZone('UTC', ['reports', 'groups']);
afterEach(() => vi.useRealTimers());

describe('GroupReportSection on a device in another zone', () => {
  it("offers and asks for the centre's year at 01:00 on 1 January in Manila (still 31 December in UTC)", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-31T17:00:00Z'));
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(200, { data: { year: 2027, months: [], by_category: [], signups_by_department: [], signups_by_age: [] } })));
    renderWithQueries(<GroupReportSection />);
    const section = screen.getByTestId('report-groups');
    const picker = within(section).getByRole('combobox', { name: 'Year' });
    expect((picker as HTMLSelectElement).value).toBe('2027');
    expect(within(picker).getAllByRole('option').map((o) => o.textContent)).toEqual(['2027', '2026', '2025']);
    await within(section).findByText(/2027/, { selector: 'p' });
    expect(urlOf(fetchMock.mock.calls[0][0])).toContain('year=2027');
  });
});
