import { centigramsOf, type MetalRate, type MetalRateHistoryReply, type MetalRatesReply, type MetalRatesSet } from '@kalinga/contracts/lending/metal-rates';
import { appraiseMetal, isPurityOf, METALS, type Metal } from '@kalinga/contracts/lending/gold';
import { toCentavos, toPesos } from '@kalinga/contracts/lending/rules';
import type { PermissionName } from '@kalinga/contracts/common';
import type { DB } from '../../db/database';
import type { AuthContext } from '../../lib/auth-context';
import { forbidden, unprocessable } from '../../lib/http-errors';
import { nowIso } from '../../lib/clock';
import { paginationMeta } from '../../lib/pagination';
import { actingBranch } from './branch-context';
import { counterDay } from './lending-common';
import { currentRates, findRate, insertRates, rateHistory, type MetalRateRow } from './metal-rate.repository';

// The day's metal rates of a branch (decision 0306): read by everyone with 'view lending' who works there (the counter
// appraises with them, also offline from its kept copy), set by a lending manager for the company's today.

/** Who sets the day's rates: the lending manager's permission (decision 0306). */
export const RATE_SETTER: PermissionName = 'manage branches';

function toRate(row: MetalRateRow): MetalRate {
  return {
    id: row.id,
    branch_id: row.branch_id,
    metal: row.metal as Metal,
    purity: row.purity,
    rate: toPesos(Number(row.rate)),
    rate_date: row.rate_date,
    set_at: row.set_at,
    set_by_name: row.set_by_name,
  };
}

export async function getMetalRates(db: DB, auth: AuthContext): Promise<MetalRatesReply> {
  const branch = await actingBranch(db, auth);
  const rows = await currentRates(db, auth.companyId, branch.id);
  return { data: { rates: rows.filter((r) => (METALS as readonly string[]).includes(r.metal)).map(toRate), today: counterDay(auth).today } };
}

export async function metalRateHistory(db: DB, auth: AuthContext, page: number, perPage: number): Promise<MetalRateHistoryReply> {
  const branch = await actingBranch(db, auth);
  const { rows, total } = await rateHistory(db, auth.companyId, branch.id, page, perPage);
  return { data: rows.map(toRate), meta: paginationMeta(page, perPage, total) };
}

/** Sets today's rates of the metals and purities sent at the acting branch; the others keep theirs. */
export async function setMetalRates(db: DB, auth: AuthContext, input: MetalRatesSet): Promise<MetalRatesReply> {
  if (!auth.permissions.has(RATE_SETTER)) throw forbidden();
  const branch = await actingBranch(db, auth);
  const now = nowIso();
  const { today } = counterDay(auth);
  await insertRates(
    db,
    input.rates.map((r) => ({
      company_id: auth.companyId,
      branch_id: branch.id,
      metal: r.metal,
      purity: r.purity,
      rate: toCentavos(r.rate),
      rate_date: today,
      set_at: now,
      set_by: auth.user.id,
      set_by_name: auth.user.name,
    })),
  );
  return getMetalRates(db, auth);
}

/** A new item's jewellery fields as sent (weight already in centigrams). */
export interface MetalItemInput {
  metal?: Metal;
  purity?: string;
  weight_grams?: number;
  metal_rate_id?: number;
  appraisal_value: number;
}

/**
 * The columns a new item keeps of its jewellery: the rate it names (any of the company's, however old: the printed
 * appraisal stands, decision 0306), copied with its day. 422 for a rate that is not the company's or not of the
 * metal and purity, and for an appraisal above the weight at that rate.
 */
export async function metalColumns(db: DB, companyId: number, item: MetalItemInput, field: string) {
  if (item.metal === undefined || item.purity === undefined || item.weight_grams === undefined || item.metal_rate_id === undefined) return {};
  const rate = await findRate(db, companyId, item.metal_rate_id);
  if (!rate || rate.metal !== item.metal || rate.purity !== item.purity || !isPurityOf(item.metal, item.purity)) {
    throw unprocessable({ [`${field}.metal_rate_id`]: ['The selected rate does not exist.'] });
  }
  const centigrams = centigramsOf(item.weight_grams);
  if (toCentavos(item.appraisal_value) > appraiseMetal(centigrams, Number(rate.rate))) {
    throw unprocessable({ [`${field}.appraisal_value`]: ['The appraised value may not be above the weight at the rate.'] });
  }
  return {
    metal: item.metal,
    purity: item.purity,
    weight_centigrams: centigrams,
    metal_rate_id: rate.id,
    metal_rate: Number(rate.rate),
    metal_rate_date: rate.rate_date,
  };
}
