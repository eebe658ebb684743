import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { fakeNetwork } from '../../../test/fake-network';
import { SetupChecklist } from './setup-checklist';
import { initI18n } from '../../../lib/i18n';

beforeAll(() => initI18n(['appointments']));

const net = fakeNetwork(new Date('2026-11-23T09:00:00Z'));
afterEach(cleanup);

function renderChecklist(status: Record<string, boolean>) {
  net.fetchMock.mockResolvedValue(net.json(200, { data: status }));
  const client = createQueryClient();
  render(<QueryClientProvider client={client}><MemoryRouter><SetupChecklist enabled /></MemoryRouter></QueryClientProvider>);
  return client;
}

describe("a new centre's first-run checklist", () => {
  it('lists the steps, ticks the done ones and links to where each is done', async () => {
    renderChecklist({ counselor: true, schedule: false, category: false, clients: false });
    const list = await screen.findByTestId('setup-checklist');
    expect(list.textContent).toContain('1 of 4 done');
    expect(screen.getByText('Add a counselor').textContent).toContain('(done)');
    expect(screen.getByText('Set their schedule').textContent).toContain('(to do)');
    expect(screen.getByRole('link', { name: 'Open Categories' }).getAttribute('href')).toBe('/categories');
    expect(net.fetchMock.mock.calls[0][0]).toBe('/api/company/setup');
  });

  it('disappears when everything is done', async () => {
    const client = renderChecklist({ counselor: true, schedule: true, category: true, clients: true });
    await waitFor(() => expect(client.getQueryState(['company-setup'])?.status).toBe('success'));
    expect(screen.queryByTestId('setup-checklist')).toBeNull();
  });
});
