import type { Transfer } from '@kalinga/contracts/lending/branches';
import { configure, fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { initI18n } from '../../../lib/i18n';
import { jsonResponse, mockFetchEachTest, renderWithQueries } from '../../../test/render';
import { TransfersPage } from './transfers-page';

// Lending › Transfers (decision 0303): the items in transit, named with their branches; the branch an item was sent
// to receives it (the others wait for it); loading, error with retry, and nothing in transit.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });
beforeAll(() => initI18n(['vault']));
const fetchMock = mockFetchEachTest();

const BRANCHES = [
  { id: 1, name: 'Quezon City' },
  { id: 2, name: 'Makati' },
  { id: 3, name: 'Cebu' },
];
const transfer = (over: Partial<Transfer>): Transfer => ({
  uuid: '00000000-0000-4000-8000-000000000t01', item_uuid: '00000000-0000-4000-8000-0000000000a1', item_description: 'Gold ring 18k',
  from_branch_id: 1, to_branch_id: 2, status: 'sent', note: null, sent_at: '2026-11-23T02:00:00.000Z', received_at: null, ...over,
});
const TO_MAKATI = transfer({ uuid: 't-makati', note: 'For the Makati auction' });
const TO_CEBU = transfer({ uuid: 't-cebu', item_description: 'Watch', to_branch_id: 3 });

/** The server: the transfers in transit (as `inTransit` says at each read), the branches, the receipt. */
function serve(inTransit: () => Transfer[] | 'fail') {
  const received: string[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/transfers') {
      const list = inTransit();
      return list === 'fail' ? jsonResponse(500, { message: 'Down' }) : jsonResponse(200, { data: list });
    }
    if (url.pathname === '/api/branches') return jsonResponse(200, { data: BRANCHES });
    if (url.pathname === '/api/branches/mine') return jsonResponse(200, { data: BRANCHES.filter((b) => b.id === 2) });
    const receipt = url.pathname.match(/^\/api\/transfers\/([^/]+)\/receive$/);
    if (receipt && init?.method === 'POST') {
      received.push(receipt[1]);
      return jsonResponse(200, { data: { ...TO_MAKATI, status: 'received' } });
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
  return received;
}

const show = () => renderWithQueries(<MemoryRouter><TransfersPage /></MemoryRouter>);

describe('the transfers screen', () => {
  it('lists the items in transit; the receiving branch receives one, which leaves the list', async () => {
    let list = [TO_MAKATI, TO_CEBU];
    const received = serve(() => list);
    show();
    const rows = await screen.findAllByTestId('transfer-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('From Quezon City to Makati')).toBeTruthy();
    expect(within(rows[0]).getByText('Note: For the Makati auction')).toBeTruthy();
    // Cebu's item waits for Cebu: this user works at Makati only.
    expect(within(rows[1]).queryByRole('button')).toBeNull();
    expect(within(rows[1]).getByText('Waiting for Cebu')).toBeTruthy();
    list = [TO_CEBU];
    fireEvent.click(within(rows[0]).getByRole('button', { name: 'Receive Gold ring 18k at Makati' }));
    await vi.waitFor(() => expect(screen.getAllByTestId('transfer-row')).toHaveLength(1));
    expect(received).toEqual(['t-makati']);
  });

  it('says when nothing is in transit', async () => {
    serve(() => []);
    show();
    expect(await screen.findByText('Nothing in transit')).toBeTruthy();
  });

  it('shows a failed read with Retry, which reads again', async () => {
    let fail = true;
    serve(() => (fail ? 'fail' : [TO_MAKATI]));
    show();
    expect(await screen.findByText('The transfers could not be loaded.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('transfer-row')).toHaveLength(1);
  });
});
