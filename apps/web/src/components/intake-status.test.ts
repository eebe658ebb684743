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
  // It asked for the intake catalog (the prompt's words) beside the status and waited for it: one more request in
  // front of the prompt, the screen's largest paint. The words are in the Appointments catalog now (decision 0371).
  it('asks for the status only, no catalog', async () => {
    net.fetchMock.mockResolvedValue(net.json(200, OFFERED));
    await expect(new QueryClient().fetchQuery(screeningStatusQuery)).resolves.toMatchObject(OFFERED);
    expect(vi.mocked(initI18n)).not.toHaveBeenCalled();
    expect(net.fetchMock).toHaveBeenCalledTimes(1);
  });
});
