import type { MetalRate, MetalRateHistoryReply, MetalRatesReply, MetalRatesSet } from '@kalinga/contracts/lending/metal-rates';
import { api } from '../../../lib/api-client';
import { db } from '../../../offline/database';

// The branch's day rates on this device (decision 0306): the last rates the server sent are kept in the book's
// settings table, like the site settings, and used when the network is gone; the screens say from when they are.

const KEY = 'metal-rates';

export interface KeptRates {
  rates: MetalRate[];
  /** The company's today when they were fetched. */
  today: string;
  /** When this device last had them from the server. */
  fetched_at: string;
}

function isKept(value: unknown): value is KeptRates {
  return typeof value === 'object' && value !== null && Array.isArray((value as KeptRates).rates) && typeof (value as KeptRates).fetched_at === 'string';
}

/** The rates kept on this device, or undefined before the first fetch. */
export async function keptRates(): Promise<KeptRates | undefined> {
  const row = await db.settings.get(KEY);
  return isKept(row?.data) ? row.data : undefined;
}

async function keep(reply: MetalRatesReply, now = new Date()): Promise<KeptRates> {
  const kept: KeptRates = { ...reply.data, fetched_at: now.toISOString() };
  await db.settings.put({ id: KEY, data: { ...kept }, updated_at: kept.fetched_at });
  return kept;
}

/** Asks the server for the rates in force and keeps them. */
export async function refreshRates(): Promise<KeptRates> {
  return keep(await api.get<MetalRatesReply>('/api/metal-rates'));
}

/** Sets today's rates (online only: a rate must be the server's before a ticket can name it) and keeps the answer. */
export async function setRates(rates: MetalRatesSet['rates']): Promise<KeptRates> {
  return keep(await api.put<MetalRatesReply>('/api/metal-rates', { rates }));
}

export function rateHistory(page: number): Promise<MetalRateHistoryReply> {
  return api.get<MetalRateHistoryReply>('/api/metal-rates/history', { page, per_page: 20 });
}

/** The newest moment any kept rate was set: what "Rates of …" says. */
export function ratesSetAt(kept: KeptRates | undefined): string | null {
  return kept?.rates.reduce<string | null>((newest, r) => (newest === null || r.set_at > newest ? r.set_at : newest), null) ?? null;
}
