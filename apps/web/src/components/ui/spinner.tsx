import { useT } from '../../lib/i18n';

export function Spinner({ label, size = 'md' }: { label?: string; size?: 'sm' | 'md' | 'lg' }) {
  const t = useT('common');
  return <span className={`loading loading-spinner loading-${size}`} role="status" aria-label={label ?? t('common.loading')} />;
}

/**
 * A page or section that is loading: grey rows where the content will be (a skeleton, not a spinner, so the
 * content arrives without moving anything; decision 0098), and the text for screen readers.
 */
export function LoadingBlock({ text }: { text?: string }) {
  const t = useT('common');
  return (
    <div className="flex flex-col gap-3 py-2" role="status" aria-live="polite">
      <span className="sr-only">{text ?? t('common.loadingText')}</span>
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="skeleton h-16 w-full" aria-hidden="true" />
      ))}
    </div>
  );
}
