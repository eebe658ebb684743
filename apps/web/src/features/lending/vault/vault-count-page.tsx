import type { VaultCount } from '@kalinga/contracts/lending/vault';
import { compareCount, normalizeTag } from '@kalinga/contracts/lending/vault-rules';
import { useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { LoadingBlock } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { centreShortDateTime } from '../../../lib/centre-time';
import { useCounterZone } from '../book/lending-queries';
import { useT } from '../../../lib/i18n';
import { hasPermission, useAuth } from '../../../session/auth-store';
import { PageHeader } from '../components/page-header';
import { CameraScanner, cameraScanAvailable } from './camera-scanner';
import { usePastCounts, useSaveCount } from './vault-api';
import { useItemsInVault } from './vault-queries';

function CountResult({ result }: { result: Pick<VaultCount, 'expected_count' | 'present_count' | 'missing' | 'unexpected'> }) {
  const t = useT('vault');
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <section aria-labelledby="missing-title" className="flex flex-col gap-2">
        <h3 id="missing-title" className="font-semibold">{t('vault.count.missing', { count: result.missing.length })}</h3>
        {result.missing.length === 0 ? (
          <p className="text-base-content/70">{t('vault.count.noneMissing')}</p>
        ) : (
          <ul className="divide-y divide-base-300 rounded-box border border-base-300 bg-base-100" data-testid="missing-list">
            {result.missing.map((item) => (
              <li key={item.uuid} className="flex flex-wrap gap-x-3 px-3 py-2">
                <span className="font-mono">{item.tag_number}</span>
                <Link to={`/lending/items/${item.uuid}`} className="link min-w-0 flex-1">{item.description}</Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="unexpected-title" className="flex flex-col gap-2">
        <h3 id="unexpected-title" className="font-semibold">{t('vault.count.unexpected', { count: result.unexpected.length })}</h3>
        {result.unexpected.length === 0 ? (
          <p className="text-base-content/70">{t('vault.count.noneUnexpected')}</p>
        ) : (
          <ul className="flex flex-wrap gap-2" data-testid="unexpected-list">
            {result.unexpected.map((tag) => (
              <li key={tag} className="badge badge-warning font-mono">{tag}</li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function PastCounts() {
  const t = useT('vault');
  const counts = usePastCounts();
  // On the counter's clock, its zone named when the browser's differs (decision 0380).
  const zone = useCounterZone();
  if (counts.isPending) return <LoadingBlock text={t('vault.loading')} />;
  if (counts.isError) return <ErrorAlert message={t('vault.count.pastError', { error: counts.error.message })} onRetry={() => void counts.refetch()} retryText={t('vault.retry')} />;
  if (counts.data.length === 0) return <p className="text-base-content/70">{t('vault.count.pastNone')}</p>;
  return (
    <ul className="divide-y divide-base-300 rounded-box border border-base-300 bg-base-100" aria-label={t('vault.count.pastTitle')}>
      {counts.data.map((c) => (
        <li key={c.uuid} className="flex flex-wrap gap-x-4 gap-y-1 px-4 py-2 text-sm">
          <span className="min-w-0 flex-1 basis-40">{`${centreShortDateTime(c.counted_at, zone)} · ${c.counted_by_name ?? ''}`}</span>
          <span>{t('vault.count.pastLine', { present: c.present_count, expected: c.expected_count, missing: c.missing_count, unexpected: c.unexpected_count })}</span>
        </li>
      ))}
    </ul>
  );
}

/** A vault count: the tags present, scanned or typed; what is missing and unexpected; saved and kept on the server. */
export function VaultCountPage() {
  const t = useT('vault');
  const canManage = hasPermission(useAuth().user, 'manage lending');
  const inVault = useItemsInVault();
  const save = useSaveCount();
  const [countUuid, setCountUuid] = useState(() => crypto.randomUUID());
  const [typed, setTyped] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const [camera, setCamera] = useState(false);

  const add = (text: string) => {
    const tag = normalizeTag(text);
    if (tag) setTags((now) => (now.includes(tag) ? now : [...now, tag]));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add(typed);
    setTyped('');
  };
  const preview = useMemo(() => {
    const expected = (inVault.data ?? []).filter((i) => i.tag_number).map((i) => ({ uuid: i.uuid, tag_number: i.tag_number!, description: i.description }));
    const result = compareCount(expected, tags);
    return { ...result, expected_count: expected.length, present_count: result.present.length };
  }, [inVault.data, tags]);
  const startAgain = () => {
    setTags([]);
    save.reset();
    setCountUuid(crypto.randomUUID());
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('vault.count.title')} text={t('vault.count.text')} />
      {inVault.error && <ErrorAlert message={t('vault.readError', { error: inVault.error.message })} onRetry={inVault.retry} retryText={t('vault.retry')} />}
      {!save.data && (
        <section aria-labelledby="scan-title" className="flex flex-col gap-3">
          <h2 id="scan-title" className="text-lg font-semibold">{t('vault.count.scanTitle')}</h2>
          <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
            <label className="flex min-w-0 flex-1 basis-56 flex-col gap-1">
              <span className="text-sm font-medium">{t('vault.count.tagInput')}</span>
              <input className="input w-full font-mono uppercase" value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" autoFocus />
            </label>
            <button type="submit" className="btn">{t('vault.count.add')}</button>
            {cameraScanAvailable() && !camera && (
              <button type="button" className="btn" onClick={() => setCamera(true)}>
                {t('vault.count.cameraStart')}
              </button>
            )}
          </form>
          {camera && <CameraScanner onTag={add} onClose={() => setCamera(false)} />}
          {tags.length === 0 ? (
            <p className="text-base-content/70">{t('vault.count.noneScanned')}</p>
          ) : (
            <ul className="flex flex-wrap gap-2" aria-label={t('vault.count.scanned', { count: tags.length })}>
              {tags.map((tag) => (
                <li key={tag} className="badge badge-lg gap-1 font-mono">
                  {tag}
                  <button type="button" className="btn btn-ghost btn-xs" aria-label={t('vault.count.remove', { tag })} onClick={() => setTags((now) => now.filter((x) => x !== tag))}>
                    ×
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      <section aria-labelledby="result-title" className="flex flex-col gap-3">
        <h2 id="result-title" className="text-lg font-semibold">{save.data ? t('vault.count.savedTitle') : t('vault.count.previewTitle')}</h2>
        {inVault.loading ? <LoadingBlock text={t('vault.loading')} /> : (
          <>
            <p data-testid="count-summary">{t('vault.count.summary', { present: (save.data ?? preview).present_count, expected: (save.data ?? preview).expected_count })}</p>
            <CountResult result={save.data ?? preview} />
          </>
        )}
        {save.isError && <ErrorAlert message={t('vault.count.saveError', { error: errorMessage(save.error) })} onRetry={() => save.mutate({ uuid: countUuid, tags })} retryText={t('vault.retry')} />}
        <div className="flex flex-wrap gap-2">
          {save.data ? (
            <button type="button" className="btn" onClick={startAgain}>{t('vault.count.again')}</button>
          ) : (
            canManage && (
              <button type="button" className="btn btn-primary" disabled={save.isPending} onClick={() => save.mutate({ uuid: countUuid, tags })}>
                {t('vault.count.save')}
              </button>
            )
          )}
        </div>
      </section>
      <section aria-labelledby="past-title" className="flex flex-col gap-2">
        <h2 id="past-title" className="text-lg font-semibold">{t('vault.count.pastTitle')}</h2>
        <PastCounts />
      </section>
    </div>
  );
}
