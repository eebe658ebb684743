import { configure, fireEvent, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { jsonResponse, mockFetchEachTest, renderWithQueries } from '../../../test/render';
import { canSend, ItemTransferForm } from './item-transfer-form';

// Sending an item to another branch (decision 0303): the branches other than the one holding it, one send keyed by
// the form's uuid, the item then in transit; the server's refusal said as it says it.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });
beforeAll(() => initI18n(['vault']));
const fetchMock = mockFetchEachTest();

const ITEM = { uuid: '00000000-0000-4000-8000-0000000000a1', branch_id: 1 };
const BRANCHES = [
  { id: 1, name: 'Quezon City', deleted: false },
  { id: 2, name: 'Makati', deleted: false },
  { id: 3, name: 'Closed Branch', deleted: true },
];

function serve(answer: (body: Record<string, unknown>) => Response) {
  const sent: Record<string, unknown>[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/api/branches') return jsonResponse(200, { data: BRANCHES });
    if (path === `/api/items/${ITEM.uuid}/transfer` && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      sent.push(body);
      return answer(body);
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
  return sent;
}

describe('sending an item to another branch', () => {
  it('offers the other open branches, sends once with the note, and says the item is in transit', async () => {
    const sent = serve((body) => jsonResponse(201, { data: { uuid: body.uuid, item_uuid: ITEM.uuid, item_description: 'Ring', from_branch_id: 1, to_branch_id: 2, status: 'sent', note: body.note, sent_at: '2026-11-23T02:00:00.000Z', received_at: null } }));
    renderWithQueries(<ItemTransferForm item={ITEM} />);
    const select = await screen.findByLabelText('To which branch');
    await vi.waitFor(() => expect([...(select as HTMLSelectElement).options].map((o) => o.text)).toEqual(['Choose a branch', 'Makati']));
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(select, { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Note (optional)'), { target: { value: ' For the auction ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByTestId('item-sent')).textContent).toBe('Sent: in transit until Makati receives it.');
    expect(sent).toEqual([{ uuid: expect.stringMatching(/^[0-9a-f-]{36}$/), to_branch_id: 2, note: 'For the auction' }]);
  });

  it('shows the server’s refusal beside the form', async () => {
    serve(() => jsonResponse(409, { message: 'The item is not in this branch’s vault.' }));
    renderWithQueries(<ItemTransferForm item={ITEM} />);
    const select = await screen.findByLabelText('To which branch');
    await vi.waitFor(() => expect((select as HTMLSelectElement).options).toHaveLength(2));
    fireEvent.change(select, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The item is not in this branch’s vault.');
  });

  it('is offered only for an item in a vault that is still the shop’s', () => {
    expect(canSend({ status: 'pawned', in_transit: false, branch_id: 1 })).toBe(true);
    expect(canSend({ status: 'for_sale', branch_id: 1 })).toBe(true);
    expect(canSend({ status: 'pawned', in_transit: true, branch_id: 1 })).toBe(false);
    expect(canSend({ status: 'redeemed', in_transit: false, branch_id: 1 })).toBe(false);
    expect(canSend({ status: 'pawned', in_transit: false, branch_id: null })).toBe(false);
  });
});
