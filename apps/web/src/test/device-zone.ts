import { afterAll, beforeAll } from 'vitest';
import { type Area, initI18n } from '../lib/i18n';

/**
 * Runs the calling file's tests on a device whose zone is `zone` (the process's TZ, which Date and Intl read), with
 * the catalogs of `areas` loaded; the zone is put back after the file.
 */
export function onDeviceInZone(zone: string, areas: Area[]): void {
  const original = process.env.TZ;
  beforeAll(async () => {
    process.env.TZ = zone;
    await initI18n(areas);
  });
  afterAll(() => {
    process.env.TZ = original;
  });
}
