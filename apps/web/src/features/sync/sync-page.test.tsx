import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { formatDateTime } from '../../lib/dates';
import { db } from '../../offline/database';
import type { SyncQueueEntry } from '../../offline/db';
import { STATE_ALL } from '../../offline/initial-sync';
import { setSyncHooks } from '../../offline/sync-engine';
import { fakeLendingServer } from '../../test/fake-lending-server';
import { fakeNetwork } from '../../test/fake-network';
import { clearStore, keepSynced, serverCustomer, serverLoan } from '../../test/lending-fixtures';
import { SyncIndicator } from './sync-indicator-live';
import { SyncPage } from './sync-page';

// The indicator's messages, as main.tsx loads them before the signed-in frame draws.
beforeAll(() => initI18n(['frame', 'sync']));

const NOW = new Date('2026-11-23T08:00:00.000Z');
const net = fakeNetwork(NOW);
const customer = serverCustomer();

function entry(over: Partial<SyncQueueEntry>): SyncQueueEntry {
  return { operation: 'UPDATE_CUSTOMER', data: { uuid: customer.uuid, first_name: 'Maria', last_name: 'Reyes' }, status: 'pending', created_at: NOW.toISOString(), retry_count: 0, priority: 0, ...over };
}

beforeEach(async () => {
  await clearStore();
  await keepSynced({ customers: [customer], loans: [serverLoan()] });
  setSyncHooks({ pull: async () => {} });
});
afterEach(cleanup);

function renderPanel() {
  return render(
    <MemoryRouter>
      <SyncIndicator />
      <SyncPage />
    </MemoryRouter>,
  );
}

describe('Sync status panel', () => {
  it('shows counts by status, each refusal with its sentence, records per table and the last sync', async () => {
    await db.syncQueue.bulkAdd([
      entry({ status: 'failed', error_kind: 'rejected', error: 'This loan is redeemed, not active.', operation: 'RENEW_LOAN', data: { uuid: serverLoan().uuid, new_uuid: 'n' } }),
      entry({ status: 'failed', error_kind: 'retry', error: 'Down for maintenance', next_attempt_at: new Date(NOW.getTime() + 60_000).toISOString() }),
      entry({ operation: 'CREATE_CATEGORY', data: { uuid: 'c', title: 'Gadgets' } }),
      entry({ status: 'completed' }),
    ]);
    await db.syncState.add({ table_name: STATE_ALL, lastSyncTime: 'c5', lastId: 0, dataVersion: 1, totalRecords: 3, synced_at: NOW.toISOString() });
    renderPanel();
    expect(await screen.findByRole('link', { name: 'Sync status: Online 3 unsent changes, 1 refused' })).toBeTruthy();
    expect(await screen.findByText(/This loan is redeemed, not active\./)).toBeTruthy();
    const refused = screen.getByRole('alert');
    expect(refused.textContent).toContain('Refused by the server');
    expect(screen.getByText(/Down for maintenance/).textContent).toContain('Trying again at');
    // Readable: the theme's yellow on white measured 1.69:1.
    expect(screen.getByText(/Down for maintenance/).className).not.toMatch(/text-warning/);
    expect(screen.getByRole('button', { name: /Retry: Loan renewal/ })).toBeTruthy();
    const waiting = screen.getByRole('heading', { name: 'Waiting to send' }).closest('section')!;
    expect(within(waiting).getByText(/New category/).textContent).toContain('Gadgets');
    const tables = screen.getByRole('heading', { name: 'Records on this device' }).closest('section')!;
    expect(within(tables).getByRole('row', { name: /Customers/ }).textContent).toContain('1');
    expect(within(tables).getByRole('row', { name: /Items/ }).textContent).toContain('1');
    expect(screen.getByRole('status').textContent).toContain(`Last sync: ${formatDateTime(NOW)}`);
  });

  it('Retry puts a refused change back in the queue and sends it', async () => {
    const server = fakeLendingServer(net.fetchMock);
    const id = await db.syncQueue.add(entry({ status: 'failed', error_kind: 'rejected', error: 'The first name field is required.' }));
    await db.customers.update(customer.uuid, { sync_status: 'failed', sync_error: 'The first name field is required.' });
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: /Retry: Customer change/ }));
    await waitFor(async () => expect(await db.syncQueue.get(id)).toMatchObject({ status: 'completed' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Retry/ })).toBeNull());
    expect(server.seen.map((r) => `${r.method} ${r.path}`)).toEqual([`PUT /api/customers/${customer.uuid}`]);
    expect(await db.syncQueue.get(id)).toMatchObject({ status: 'completed' });
    expect(await db.customers.get(customer.uuid)).toMatchObject({ sync_status: 'synced' });
  });

  it('offline: the indicator says so and Sync now is disabled', async () => {
    net.online = false;
    await db.syncQueue.add(entry({}));
    renderPanel();
    expect(await screen.findByRole('link', { name: 'Sync status: Offline 1 unsent change' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Sync now' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => net.setOnline(true));
    expect((screen.getByRole('button', { name: 'Sync now' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
