import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { deviceDatabase } from '../offline/database';
import { needsServerFetch, SETTINGS_CACHE_MS, settingsKey, writeLocalSettings } from '../offline/settings-local';
import { fakeNetwork } from '../test/fake-network';
import { loadSiteSettings } from './site-settings';

const NOW = new Date('2026-11-23T08:00:00.000Z');
const SERVER = { site_name: 'Kalinga Guidance', site_logo: null, business_name: 'Demo', business_address: 'QC' };
const net = fakeNetwork(NOW);
const { fetchMock, json } = net;

async function keepLocal(data: object, fetchedAgoMs: number): Promise<void> {
  await writeLocalSettings(settingsKey('1'), data, new Date(NOW.getTime() - fetchedAgoMs));
}

beforeEach(async () => {
  localStorage.setItem('company_id', '1');
  await deviceDatabase().settings.clear();
});

describe('the settings refetch rule (docs/product-rules.md#calls, #constants)', () => {
  const record = (siteName: string | null, ageMs: number) => ({ id: 'k', data: { site_name: siteName }, updated_at: new Date(NOW.getTime() - ageMs).toISOString() });
  it('asks the server only online', () => {
    expect(needsServerFetch(undefined, false, NOW)).toBe(false);
    expect(needsServerFetch(record('A', 2 * SETTINGS_CACHE_MS), false, NOW)).toBe(false);
    expect(needsServerFetch(undefined, true, NOW)).toBe(true);
  });
  it('skips a copy fetched under an hour ago with a site name; refetches an hour-old one or one without a name', () => {
    expect(needsServerFetch(record('A', SETTINGS_CACHE_MS - 1), true, NOW)).toBe(false);
    expect(needsServerFetch(record('A', SETTINGS_CACHE_MS), true, NOW)).toBe(true);
    expect(needsServerFetch(record(null, 1000), true, NOW)).toBe(true);
    expect(needsServerFetch(record('  ', 1000), true, NOW)).toBe(true);
  });
});

describe('loadSiteSettings: local first', () => {
  it('fetches when nothing is kept, and keeps the reply for the company', async () => {
    fetchMock.mockResolvedValueOnce(json(200, SERVER));
    await expect(loadSiteSettings()).resolves.toMatchObject({ site_name: 'Kalinga Guidance' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await deviceDatabase().settings.get(settingsKey('1'))).toMatchObject({ data: { site_name: 'Kalinga Guidance' }, updated_at: NOW.toISOString() });
  });

  it('uses a fresh local copy without a call', async () => {
    await keepLocal({ ...SERVER, site_name: 'Kept' }, 10 * 60_000);
    await expect(loadSiteSettings()).resolves.toMatchObject({ site_name: 'Kept' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refetches a copy older than an hour', async () => {
    await keepLocal({ ...SERVER, site_name: 'Old' }, SETTINGS_CACHE_MS + 1);
    fetchMock.mockResolvedValueOnce(json(200, SERVER));
    await expect(loadSiteSettings()).resolves.toMatchObject({ site_name: 'Kalinga Guidance' });
  });

  it('offline: the local copy however old; nothing kept is "Failed to fetch settings"', async () => {
    net.online = false;
    await expect(loadSiteSettings()).rejects.toThrow('Failed to fetch settings');
    await keepLocal({ ...SERVER, site_name: 'Week old' }, 7 * 86_400_000);
    await expect(loadSiteSettings()).resolves.toMatchObject({ site_name: 'Week old' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a failed fetch falls back to the local copy, else says "Failed to fetch settings"', async () => {
    fetchMock.mockResolvedValue(json(500, { message: 'boom' }));
    await expect(loadSiteSettings()).rejects.toThrow('Failed to fetch settings');
    await keepLocal({ ...SERVER, site_name: null }, 1000);
    await expect(loadSiteSettings()).resolves.toMatchObject({ business_name: 'Demo' });
  });
});
