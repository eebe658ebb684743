import { toCentavos } from '@kalinga/contracts/lending/rules';
import { COMPANY_KEY } from '../../../lib/api-client';
import { readLocalSettings, settingsKey } from '../../../offline/settings-local';

/**
 * Centavos: the shop's amount above which a customer's first loan needs their full record, from the settings kept
 * on this device (decision 0186); null when none is set, or the copy predates the setting (the server still checks).
 */
export async function kycThresholdHere(): Promise<number | null> {
  const record = await readLocalSettings(settingsKey(localStorage.getItem(COMPANY_KEY))).catch(() => undefined);
  const value = record?.data.kyc_loan_threshold;
  return typeof value === 'number' ? toCentavos(value) : null;
}
