import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { LoadingBlock } from '../../../components/ui/spinner';
import { useT } from '../../../lib/i18n';
import { useItemWithLoan } from './vault-queries';

/** The tag's QR code as an image; the library loads only here (decision 0308). */
function useQrCode(text: string | null | undefined) {
  const [state, setState] = useState<{ url?: string; error?: string }>({});
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!text) return undefined;
    let live = true;
    import('qrcode')
      .then((qr) => qr.toDataURL(text, { errorCorrectionLevel: 'M', margin: 1, width: 256 }))
      .then((url) => live && setState({ url }))
      .catch((error: unknown) => live && setState({ error: error instanceof Error ? error.message : String(error) }));
    return () => {
      live = false;
    };
  }, [text, attempt]);
  return { ...state, retry: () => setAttempt((n) => n + 1) };
}

/** An item's tag label: tag, QR code, description and ticket, sized for a small label and printed as it is. */
export function LabelPage() {
  const { uuid = '' } = useParams();
  const t = useT('vault');
  const found = useItemWithLoan(uuid);
  const item = found.data?.item;
  const qr = useQrCode(item?.tag_number);
  if (found.error) return <ErrorAlert message={t('vault.readError', { error: found.error.message })} onRetry={found.retry} retryText={t('vault.retry')} />;
  if (found.loading) return <LoadingBlock text={t('vault.loading')} />;
  if (!item?.tag_number) return <ErrorAlert message={t('vault.label.noTag')} onRetry={found.retry} retryText={t('vault.retry')} />;
  return (
    <div className="flex flex-col gap-4">
      {/* The screen's heading, as every screen has; the printed label is the tag alone. */}
      <h1 className="text-2xl font-bold print:hidden">{t('vault.label.title')}</h1>
      <div className="flex flex-wrap gap-2 print:hidden">
        <Link to={`/lending/items/${item.uuid}`} className="btn">
          {t('vault.label.back')}
        </Link>
        <button type="button" className="btn btn-primary" onClick={() => window.print()} disabled={!qr.url}>
          {t('vault.label.print')}
        </button>
      </div>
      {qr.error && <ErrorAlert message={t('vault.label.qrError', { error: qr.error })} onRetry={qr.retry} retryText={t('vault.retry')} />}
      <article aria-label={t('vault.label.title')} className="flex w-[62mm] max-w-full items-center gap-3 rounded border border-base-content bg-white p-2 text-black">
        {qr.url ? <img src={qr.url} alt={t('vault.label.qrAlt', { tag: item.tag_number })} className="h-24 w-24 shrink-0" /> : <span className="loading loading-spinner" aria-label={t('vault.loading')} />}
        <div className="flex min-w-0 flex-col">
          <span className="font-mono text-lg font-bold" data-testid="label-tag">{item.tag_number}</span>
          <span className="truncate text-sm">{item.description}</span>
          {found.data?.loan?.pawn_ticket_number && <span className="text-xs">{found.data.loan.pawn_ticket_number}</span>}
        </div>
      </article>
    </div>
  );
}
