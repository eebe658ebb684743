import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { jsonResponse, mockFetchEachTest, renderWithQueries } from '../../test/render';
import { MyRecordSection } from './my-record-section';

// My record's download is named with the centre's day (decision 0373): after 16:00 UTC Manila is already on the next.

const saved = vi.hoisted(() => vi.fn<(path: string, query: unknown, filename: string) => Promise<void>>());
vi.mock('../../lib/download-file', () => ({ downloadFile: saved }));
vi.mock('../../session/site-settings', () => ({ useSiteSettings: () => ({ data: { timezone: 'Asia/Manila' } }) }));

const fetchMock = mockFetchEachTest();
beforeAll(() => initI18n(['profile']));
afterEach(() => {
  vi.useRealTimers();
});

describe('My record', () => {
  it("downloads the PDF and the JSON under today's date in the centre's zone, not UTC's", async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, { data: [] }));
    saved.mockResolvedValue(undefined);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-29T17:00:00Z')); // 01:00 on 30 November in Manila
    renderWithQueries(<MyRecordSection />);
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    fireEvent.click(screen.getByRole('button', { name: 'Download JSON' }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(2));
    expect(saved.mock.calls.map((call) => call[2])).toEqual(['my-record-2026-11-30.pdf', 'my-record-2026-11-30.json']);
  });
});
