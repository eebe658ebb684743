import { useT } from '../../lib/i18n';

/** An error box with the failure's text and, when given, a Retry button (`retryText`: its word in the screen's language). */
export function ErrorAlert({ message, onRetry, retryText }: { message: string; onRetry?: () => void; retryText?: string }) {
  const t = useT('common');
  return (
    <div role="alert" className="alert alert-error alert-soft flex flex-wrap justify-between">
      <span>{message}</span>
      {onRetry && (
        <button type="button" className="btn btn-sm" onClick={onRetry}>
          {retryText ?? t('common.retry')}
        </button>
      )}
    </div>
  );
}
