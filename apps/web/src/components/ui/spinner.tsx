export function Spinner({ label = 'Loading', size = 'md' }: { label?: string; size?: 'sm' | 'md' | 'lg' }) {
  return <span className={`loading loading-spinner loading-${size}`} role="status" aria-label={label} />;
}

/** A centred spinner with a visible text, for a page or section that is loading. */
export function LoadingBlock({ text = 'Loading...' }: { text?: string }) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 py-16 text-base-content/70" role="status" aria-live="polite">
      <span className="loading loading-spinner loading-lg" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}
