import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { db } from '../../offline/database';
import type { SyncQueueEntry } from '../../offline/db';
import { setSyncHooks } from '../../offline/sync-engine';
import { fakeLendingServer } from '../../test/fake-lending-server';
import { fakeNetwork } from '../../test/fake-network';
import { clearStore, keepSynced, serverCustomer } from '../../test/lending-fixtures';
import { correctValue } from './correct-field';
import { SyncPage } from './sync-page';

// The Correct form of a refused customer change: the pawner's language is a choice of Filipino, English or the
// site's default (decision 0291), labelled and reached by the keyboard; what is chosen is what is sent.

beforeAll(() => initI18n(['frame', 'sync']));

const NOW = new Date('2026-11-23T08:00:00.000Z');
const net = fakeNetwork(NOW);
const customer = serverCustomer();

function refused(data: Record<string, unknown>): SyncQueueEntry {
  return { operation: 'UPDATE_CUSTOMER', data: { uuid: customer.uuid, ...data }, status: 'failed', error_kind: 'rejected', error: 'The language must be Filipino or English.', created_at: NOW.toISOString(), retry_count: 0, priority: 0 };
}

beforeEach(async () => {
  await clearStore();
  await keepSynced({ customers: [customer] });
  setSyncHooks({ pull: async () => {} });
});
afterEach(cleanup);

describe("the Correct form's language", () => {
  it('starts at the value when it is a language, else at the site default', () => {
    expect(correctValue('language', 'fil')).toBe('fil');
    expect(correctValue('language', 'en')).toBe('en');
    expect(correctValue('language', 'Tagalog')).toBe('');
    expect(correctValue('language', null)).toBe('');
    expect(correctValue('first_name', 'Maria')).toBe('Maria');
    expect(correctValue('loan_amount', 3000)).toBe('3000');
  });

  it('is a labelled choice of the two languages, chosen by the keyboard and sent as fil', async () => {
    const server = fakeLendingServer(net.fetchMock);
    const id = await db.syncQueue.add(refused({ first_name: 'Maria', language: 'Tagalog' }));
    render(<MemoryRouter><SyncPage /></MemoryRouter>);
    fireEvent.click(await screen.findByRole('button', { name: /^Correct: Customer change/ }));
    const form = screen.getByRole('form', { name: /^Correct: Customer change/ });
    const language = within(form).getByRole('combobox', { name: 'Language' }) as HTMLSelectElement;
    expect([...language.options].map((o) => [o.value, o.textContent])).toEqual([['', "The site's default"], ['fil', 'Filipino'], ['en', 'English']]);
    expect(language.value).toBe('');
    expect(within(form).queryByRole('textbox', { name: 'Language' })).toBeNull();

    const user = userEvent.setup();
    await user.click(within(form).getByRole('textbox', { name: 'First name' }));
    await user.tab();
    expect(document.activeElement).toBe(language);
    await user.selectOptions(language, 'Filipino');
    await user.click(within(form).getByRole('button', { name: 'Send corrected' }));
    await waitFor(async () => expect(await db.syncQueue.get(id)).toMatchObject({ status: 'completed' }));
    const put = server.seen.find((r) => r.method === 'PUT');
    expect(put?.body).toMatchObject({ first_name: 'Maria', language: 'fil' });
  });

  it("the site's default is sent as none", async () => {
    const server = fakeLendingServer(net.fetchMock);
    const id = await db.syncQueue.add(refused({ language: 'en' }));
    render(<MemoryRouter><SyncPage /></MemoryRouter>);
    fireEvent.click(await screen.findByRole('button', { name: /^Correct: Customer change/ }));
    const form = screen.getByRole('form', { name: /^Correct: Customer change/ });
    const language = within(form).getByRole('combobox', { name: 'Language' }) as HTMLSelectElement;
    expect(language.value).toBe('en');
    fireEvent.change(language, { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send corrected' }));
    await waitFor(async () => expect(await db.syncQueue.get(id)).toMatchObject({ status: 'completed' }));
    expect(server.seen.find((r) => r.method === 'PUT')?.body).toMatchObject({ language: null });
  });
});
