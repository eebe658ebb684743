import type { Screening } from '@kalinga/contracts/screening/schemas';
import { formatMonthDay } from '../../lib/dates';
import { useT } from '../../lib/i18n';
import { useSiteSettings } from '../../session/site-settings';

// Scores over time (measurement-based care): PHQ-9 (0-27) and GAD-7 (0-21) on one 0-27 scale, one point per
// screening, with the moderate line (10) both questionnaires share. The table beside it carries the same numbers.

const W = 560;
const H = 200;
// The right padding holds half of the last date label ('Nov 26', centred on its point), so it is never cut.
const PAD = { left: 32, right: 30, top: 12, bottom: 28 };
const MAX = 27;

export function ScoresChart({ screenings }: { screenings: Screening[] }) {
  const t = useT('triage');
  // Each screening's day is the centre's (decision 0380).
  const zone = useSiteSettings().data?.timezone;
  const n = screenings.length;
  const x = (i: number) => PAD.left + (n === 1 ? (W - PAD.left - PAD.right) / 2 : (i * (W - PAD.left - PAD.right)) / (n - 1));
  const y = (v: number) => PAD.top + (1 - v / MAX) * (H - PAD.top - PAD.bottom);
  const line = (pick: (s: Screening) => number) => screenings.map((s, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(pick(s)).toFixed(1)}`).join(' ');
  const summary = screenings.map((s) => `${formatMonthDay(s.created_at, zone)}: PHQ-9 ${s.phq9_score}, GAD-7 ${s.gad7_score}`).join('; ');
  return (
    <figure className="flex flex-col gap-2">
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" role="img" aria-label={t('triage.chart.label', { summary })}>
        {[0, 5, 10, 15, 20, 27].map((v) => (
          <g key={v}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} stroke="currentColor" strokeOpacity={v === 10 ? 0.35 : 0.1} strokeDasharray={v === 10 ? '4 4' : undefined} />
            <text x={PAD.left - 6} y={y(v) + 4} textAnchor="end" fontSize="11" fill="currentColor" fillOpacity={0.7}>{v}</text>
          </g>
        ))}
        {screenings.map((s, i) => (
          <text key={s.id} x={x(i)} y={H - 8} textAnchor="middle" fontSize="11" fill="currentColor" fillOpacity={0.7}>{formatMonthDay(s.created_at, zone)}</text>
        ))}
        <path d={line((s) => s.phq9_score)} fill="none" stroke="var(--color-primary)" strokeWidth={2.5} />
        <path d={line((s) => s.gad7_score)} fill="none" stroke="var(--color-secondary)" strokeWidth={2.5} strokeDasharray="6 3" />
        {screenings.map((s, i) => (
          <g key={`p${s.id}`}>
            <circle cx={x(i)} cy={y(s.phq9_score)} r={4} fill="var(--color-primary)" />
            <rect x={x(i) - 4} y={y(s.gad7_score) - 4} width={8} height={8} fill="var(--color-secondary)" />
          </g>
        ))}
      </svg>
      <figcaption className="flex flex-wrap gap-4 text-sm">
        <span className="flex items-center gap-1"><span aria-hidden="true" className="inline-block h-2.5 w-2.5 rounded-full bg-primary" />{t('triage.chart.phq9')}</span>
        <span className="flex items-center gap-1"><span aria-hidden="true" className="inline-block h-2.5 w-2.5 bg-secondary" />{t('triage.chart.gad7')}</span>
        <span className="text-base-content/70">{t('triage.chart.dashed')}</span>
      </figcaption>
    </figure>
  );
}
