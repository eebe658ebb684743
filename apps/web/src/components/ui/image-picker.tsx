import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '../../lib/i18n';
import { FileButton } from './file-button';

/**
 * An image file input with a preview. A non-image choice is refused with the alert of product-rules.md#validation and the
 * selection is cleared (product-rules.md#validation); the 2 MB limit is the server's to enforce.
 */
export function ImagePicker({
  label,
  currentUrl,
  file,
  onChange,
  error,
  disabled,
  name = 'image',
}: {
  label: string;
  /** The stored image when editing, shown until another is chosen. */
  currentUrl: string | null;
  file: File | null;
  onChange: (file: File | null) => void;
  error?: string;
  disabled?: boolean;
  name?: string;
}) {
  const t = useT('common');
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      if (inputRef.current) inputRef.current.value = '';
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const shown = preview ?? currentUrl;
  // A stored image that cannot be loaded shows the placeholder, not the browser's broken-image icon.
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="font-medium">{label}</label>
      {shown && shown !== brokenUrl && (
        <img src={shown} alt={t('common.image.preview', { label })} className="h-40 w-full rounded-box border border-base-300 object-cover" data-testid="image-preview" onError={() => setBrokenUrl(shown)} />
      )}
      {shown && shown === brokenUrl && (
        <div className="flex h-40 w-full items-center justify-center rounded-box border border-dashed border-base-300 bg-base-200 text-sm text-base-content/70" data-testid="image-placeholder">
          {t('common.image.broken')}
        </div>
      )}
      <FileButton
        text={t('common.image.choose')}
        inputRef={inputRef}
        id={id}
        name={name}
        accept="image/*"
        disabled={disabled}
        invalid={Boolean(error)}
        aria-describedby={`${id}-hint`}
        aria-invalid={error ? true : undefined}
        onChange={(e) => {
          const chosen = e.target.files?.[0] ?? null;
          if (chosen && !chosen.type.startsWith('image/')) {
            window.alert(t('common.image.notAnImage'));
            e.target.value = '';
            onChange(null);
            return;
          }
          onChange(chosen);
        }}
      />
      <p id={`${id}-hint`} className="text-sm text-base-content/60">{t('common.image.hint')}</p>
      {error && <p className="text-sm text-error">{error}</p>}
    </div>
  );
}
