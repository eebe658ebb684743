import { TIMELINE_TYPES, type ClientFile, type TimelineType } from '@kalinga/contracts/client-file';
import { localDateOf } from '@kalinga/contracts/zone-time';
import { useMemo, useState } from 'react';
import { EmptyState } from '../../components/ui/empty-state';
import { formatDate, formatDateTime } from '../../lib/dates';
import { type MessageKey, useT } from '../../lib/i18n';

// The file's timeline with its filters (kinds of entry, a range of the centre's days), and the screening scores chart.

/** Each kind of entry's name on screen. */
const TYPE_LABELS: Record<TimelineType, MessageKey> = {
  appointment: 'clients.type.appointment',
  screening: 'clients.type.screening',
  urgent_case: 'clients.type.urgent_case',
  note: 'clients.type.note',
  waitlist: 'clients.type.waitlist',
  referral: 'clients.type.referral',
  file: 'clients.type.file',
  correction: 'clients.type.correction',
};

const BADGES: Record<TimelineType, string> = {
  appointment: 'badge-info',
  screening: 'badge-secondary',
  urgent_case: 'badge-error',
  note: 'badge-primary',
  waitlist: 'badge-ghost',
  referral: 'badge-accent',
  file: 'badge-neutral',
  correction: 'badge-warning',
};

/** PHQ-9 (0-27) and GAD-7 (0-21) over time, as two lines on one scale; the numbers are in the list below too. */
export function ScoresChart({ scores, timezone }: { scores: ClientFile['scores']; timezone?: string }) {
  const t = useT('clients');
  if (scores.length === 0) return null;
  const w = 600;
  const h = 160;
  const pad = 24;
  const x = (i: number) => (scores.length === 1 ? w / 2 : pad + (i * (w - 2 * pad)) / (scores.length - 1));
  const y = (v: number) => h - pad - (v * (h - 2 * pad)) / 27;
  const line = (pick: (s: ClientFile['scores'][number]) => number) => scores.map((s, i) => `${x(i)},${y(pick(s))}`).join(' ');
  const summary = scores.map((s) => `${formatDate(s.created_at, timezone)}: PHQ-9 ${s.phq9_score}, GAD-7 ${s.gad7_score}`).join('; ');
  return (
    <figure className="card bg-base-100 shadow-sm">
      <div className="card-body gap-2 p-4">
        <figcaption className="font-semibold">{t('clients.scores.title')}</figcaption>
        <svg viewBox={`0 0 ${w} ${h}`} className="h-40 w-full" role="img" aria-label={t('clients.scores.label', { summary })}>
          {[0, 9, 18, 27].map((v) => (
            <g key={v}>
              <line x1={pad} x2={w - pad} y1={y(v)} y2={y(v)} className="stroke-base-300" strokeWidth="1" />
              <text x={2} y={y(v) + 4} className="fill-base-content/60 text-[10px]">{v}</text>
            </g>
          ))}
          <polyline points={line((s) => s.phq9_score)} fill="none" className="stroke-primary" strokeWidth="2.5" />
          <polyline points={line((s) => s.gad7_score)} fill="none" className="stroke-secondary" strokeWidth="2.5" strokeDasharray="6 4" />
          {scores.map((s, i) => (
            <g key={s.id}>
              <circle cx={x(i)} cy={y(s.phq9_score)} r="4" className="fill-primary" />
              <circle cx={x(i)} cy={y(s.gad7_score)} r="4" className="fill-secondary" />
            </g>
          ))}
        </svg>
        <p className="flex flex-wrap gap-4 text-sm">
          <span><span className="mr-1 inline-block h-0.5 w-5 bg-primary align-middle" aria-hidden="true" />{t('clients.scores.phq9')}</span>
          <span><span className="mr-1 inline-block h-0.5 w-5 border-t-2 border-dashed border-secondary align-middle" aria-hidden="true" />{t('clients.scores.gad7')}</span>
        </p>
      </div>
    </figure>
  );
}

export function FileTimeline({ file, timezone }: { file: ClientFile; timezone?: string }) {
  const t = useT('clients');
  const [shown, setShown] = useState<Set<TimelineType>>(() => new Set(TIMELINE_TYPES));
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const tz = timezone ?? 'UTC';
  const items = useMemo(
    () =>
      file.timeline.filter((i) => {
        if (!shown.has(i.type)) return false;
        const day = localDateOf(i.at, tz);
        return (!from || day >= from) && (!to || day <= to);
      }),
    [file.timeline, shown, from, to, tz],
  );
  const toggle = (type: TimelineType) => setShown((s) => {
    const next = new Set(s);
    if (next.has(type)) next.delete(type);
    else next.add(type);
    return next;
  });
  const filtered = shown.size < TIMELINE_TYPES.length || from !== '' || to !== '';
  const clear = () => {
    setShown(new Set(TIMELINE_TYPES));
    setFrom('');
    setTo('');
  };

  return (
    <section className="flex flex-col gap-3" aria-labelledby="timeline-title">
      <h2 id="timeline-title" className="text-lg font-semibold">{t('clients.timeline.title')}</h2>
      <fieldset className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-3">
        <legend className="px-1 text-sm font-medium">{t('clients.timeline.filters')}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {TIMELINE_TYPES.map((type) => (
            <label key={type} className="flex items-center gap-2 text-sm">
              <input type="checkbox" className="checkbox checkbox-sm" checked={shown.has(type)} onChange={() => toggle(type)} />
              {t(TYPE_LABELS[type])}
            </label>
          ))}
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <label className="flex flex-col gap-1 text-sm">
            <span>{t('clients.timeline.from')}</span>
            <input type="date" className="input input-sm" value={from} onChange={(e) => setFrom(e.target.value)} />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            <span>{t('clients.timeline.to')}</span>
            <input type="date" className="input input-sm" value={to} onChange={(e) => setTo(e.target.value)} />
          </label>
          {filtered && <button type="button" className="btn btn-ghost btn-sm" onClick={clear}>{t('clients.timeline.clear')}</button>}
        </div>
      </fieldset>
      {items.length === 0 ? (
        filtered ? (
          <EmptyState title={t('clients.timeline.noMatch')} text={t('clients.timeline.noMatchHint')} action={<button type="button" className="btn" onClick={clear}>{t('clients.timeline.clear')}</button>} />
        ) : (
          <EmptyState title={t('clients.timeline.empty')} text={t('clients.timeline.emptyHint')} />
        )
      ) : (
        <ol className="flex flex-col gap-2" aria-label={t('clients.timeline.entries')}>
          {items.map((i) => (
            <li key={i.key} className="card card-border bg-base-100" data-testid="timeline-item" data-type={i.type}>
              <div className="card-body gap-1 p-3">
                <div className="flex flex-wrap items-center gap-2">
                  <span className={`badge badge-sm ${BADGES[i.type]}`}>{t(TYPE_LABELS[i.type])}</span>
                  {i.mark === 'no_show' && <span className="badge badge-sm badge-error">{t('clients.timeline.noShow')}</span>}
                  {i.mark === 'late_cancellation' && <span className="badge badge-sm badge-warning">{t('clients.timeline.lateCancellation')}</span>}
                  <time className="text-sm text-base-content/70" dateTime={i.at}>{formatDateTime(i.at, timezone)}</time>
                </div>
                <p className="break-words font-medium">{i.title}</p>
                {i.detail && <p className="whitespace-pre-line break-words text-sm text-base-content/80">{i.detail}</p>}
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
