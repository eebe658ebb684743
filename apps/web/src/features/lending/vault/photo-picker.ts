import { useRef, useState } from 'react';
import { useT } from '../../../lib/i18n';

/**
 * A photo file input's handling (an item's page, a new ticket's rows): while `take` works on the chosen files the
 * input is busy; a file that is no image is said in words; the input is emptied after, so the same file may be chosen again.
 */
export function usePhotoPicker(take: (files: File[]) => Promise<void>) {
  const t = useT('vault');
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const pick = async (files: FileList | null) => {
    if (!files?.length) return;
    setBusy(true);
    setError(null);
    try {
      await take(Array.from(files));
    } catch {
      setError(t('vault.photo.unreadable'));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return { input, error, busy, pick };
}
