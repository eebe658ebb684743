import { REPORT_KINDS, type ForecastDays, type ReportKind, type ReportPeriod } from '@kalinga/contracts/report-constants';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ReportRow } from '../report-series';

/** One report's rows; each section fetches on its own, so one failure never blocks the others. Asked for once `enabled`. */
export function useReport(kind: ReportKind, period: ReportPeriod, forecastDays: ForecastDays, enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['reports', kind, period, forecastDays],
    queryFn: () => api.get<ReportRow[]>(REPORT_KINDS[kind].path, { period, forecast_days: forecastDays }),
    // product-rules.md#reports: each list goes loading → loaded or failed; show the failure rather than retrying quietly.
    retry: false,
  });
}
