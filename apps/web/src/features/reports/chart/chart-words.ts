// The chart's words in the language in use, made on the page (which has the message catalogs) and sent to the
// chart's worker as data (decision 0314). The reports area is loaded by the section that draws the chart.
import { currentLocale, type Translate } from '../../../lib/i18n';
import { type ChartWords, SLOT } from './chart-config';

export function chartWords(t: Translate): ChartWords {
  return {
    locale: currentLocale(),
    date: t('reports.chart.date'),
    count: t('reports.chart.count'),
    today: t('reports.chart.today'),
    forecastPoint: t('reports.chart.forecastPoint', { series: SLOT.series, value: SLOT.value }),
    range: t('reports.chart.range', { range: SLOT.range }),
  };
}
