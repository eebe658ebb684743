import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { onDeviceInZone } from '../../test/device-zone';
import { jsonResponse, mockFetchEachTest, renderWithQueries } from '../../test/render';
import { ResourceDetailPage } from './resource-detail-page';

// A resource's days are the centre's, not the device's (decision 0380): written at 17:00 UTC on 29 November, it is
// 30 November in Manila, and a device in UTC shows that day too.

vi.mock('../../session/site-settings', () => ({ useSiteSettings: () => ({ data: { timezone: 'Asia/Manila' } }) }));

const fetchMock = mockFetchEachTest();

onDeviceInZone('UTC', ['resources']);

const RESOURCE = {
  id: 4, uuid: 'r-4', title: 'Sleep and exams', content: 'Rest well.', categories: [], is_published: true, image: null, image_url: null, type: null,
  created_at: '2026-11-29T17:00:00.000Z', updated_at: '2026-12-02T16:30:00.000Z',
};

describe('ResourceDetailPage on a device in another zone than the centre', () => {
  it("shows the written and updated days on the centre's calendar", async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, { data: RESOURCE }));
    renderWithQueries(
      <MemoryRouter initialEntries={['/resources/4']}>
        <Routes>
          <Route path="/resources/:id" element={<ResourceDetailPage />} />
        </Routes>
      </MemoryRouter>,
    );
    await screen.findByRole('heading', { name: 'Sleep and exams' });
    const written = document.querySelector('time[datetime="2026-11-29T17:00:00.000Z"]');
    expect(written?.textContent).toBe('Nov 30, 2026');
    expect(written?.parentElement?.textContent).toContain('Dec 3, 2026');
  });
});
