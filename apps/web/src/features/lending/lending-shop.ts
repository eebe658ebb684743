import { t } from '../../lib/i18n';
import type { SiteSettings } from '../../session/site-settings';

/** The shop a ticket or a notice names. */
export interface LendingShop {
  name: string;
  address: string | null;
  registration: string | null;
}

/**
 * The ticket's branch's name, address and registration when known (decision 0301); else the lending business's own
 * name and address when Settings › Pawnshop gives them, else the business's (decision 0220), and the pawnshop's BSP
 * registration.
 */
export function lendingShop(s: SiteSettings | undefined, branch?: BranchDetails | null): LendingShop {
  return {
    name: branch?.name || s?.pawnshop_name || s?.business_name || s?.site_name || '',
    address: branch?.address || s?.pawnshop_address || s?.business_address || null,
    registration: branch?.bsp_registration || s?.bsp_registration || null,
  };
}

/** A branch's own details: a ticket prints its branch's name, address and BSP registration (decision 0301). */
export interface BranchDetails {
  name: string;
  address: string | null;
  bsp_registration: string | null;
}

/** What of the shop's own details the ticket lacks, in words ('the address is'), or '' when nothing is missing. */
export function missingShopDetails(shop: LendingShop): string {
  const missing = [!shop.name && t('lending.shop.name'), !shop.address && t('lending.shop.address'), !shop.registration && t('lending.shop.registration')].filter((m): m is string => Boolean(m));
  if (missing.length === 0) return '';
  const words = missing.length === 1 ? missing[0] : t('lending.shop.and', { list: missing.slice(0, -1).join(', '), last: missing[missing.length - 1] });
  return t('lending.shop.missing', { count: missing.length, words });
}
