import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { fakeNetwork } from '../test/fake-network';
import { screeningStatusQuery } from './intake-status';

// The catalog loader is watched, not replaced: the words still load as in the app.
vi.mock('../lib/i18n', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../lib/i18n')>();
  return { ...actual, initI18n: vi.fn(actual.initI18n) };
});
const { initI18n } = await import('../lib/i18n');

const net = fakeNetwork(new Date('2026-11-23T09:00:00Z'));

const OFFERED = { mode: 'offered', done: false, requested: false };

describe('the intake status Appointments waits for above its tabs', () => {
  // Asked after the status answered, the words were a second round trip the list's first paint waited for.
  it('asks for the prompt words beside the status, before the status has answered', async () => {
    let answer: (response: Response) => void = () => undefined;
    net.fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    const read = new QueryClient().fetchQuery(screeningStatusQuery);
    await vi.waitFor(() => expect(net.fetchMock).toHaveBeenCalledTimes(1));
    expect(vi.mocked(initI18n)).toHaveBeenCalledWith(['intake']);
    answer(net.json(200, OFFERED));
    await expect(read).resolves.toMatchObject(OFFERED);
  });

  it('a catalog that fails to load does not hold the status', async () => {
    vi.mocked(initI18n).mockRejectedValueOnce(new Error('offline'));
    net.fetchMock.mockResolvedValue(net.json(200, OFFERED));
    await expect(new QueryClient().fetchQuery(screeningStatusQuery)).resolves.toMatchObject(OFFERED);
  });
});
