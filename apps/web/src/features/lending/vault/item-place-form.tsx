import { PLACE_KINDS, proposedTag, type PlaceKind } from '@kalinga/contracts/lending/vault-rules';
import { useId, useState, type FormEvent } from 'react';
import { useT } from '../../../lib/i18n';
import { PLACE_WORDS } from './place-words';
import type { LocalItem } from '../../../offline/db';
import { placeItem } from '../book/vault-actions';

/** The item's tag and place: at intake both, later a move (queued offline like every lending write). */
export function ItemPlaceForm({ item }: { item: LocalItem }) {
  const t = useT('vault');
  const [tag, setTag] = useState(item.tag_number ?? proposedTag(item.uuid));
  const [kind, setKind] = useState<PlaceKind>(item.place_kind ?? 'vault');
  const [name, setName] = useState(item.place_name ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setSaved(false);
    try {
      await placeItem(item.uuid, { tag_number: tag, place_kind: kind, place_name: name });
      setSaved(true);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-3 sm:grid-cols-3" aria-label={t('vault.place.form')}>
      <label className="flex flex-col gap-1">
        <span className="text-sm font-medium">{t('vault.tag')}</span>
        <input className="input w-full font-mono uppercase" value={tag} maxLength={24} onChange={(e) => setTag(e.target.value)} required />
      </label>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-kind`} className="text-sm font-medium">{t('vault.place.kind')}</label>
        <select id={`${id}-kind`} className="select w-full" value={kind} onChange={(e) => setKind(e.target.value as PlaceKind)}>
          {PLACE_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(PLACE_WORDS[k])}
            </option>
          ))}
        </select>
      </div>
      <label className="flex flex-col gap-1">
        <span className="text-sm font-medium">{t('vault.place.name')}</span>
        <input className="input w-full" value={name} maxLength={60} placeholder={t('vault.place.namePlaceholder')} onChange={(e) => setName(e.target.value)} required />
      </label>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-3">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {item.place_kind ? t('vault.place.move') : t('vault.place.save')}
        </button>
        {saved && <span role="status" className="text-success">{t('vault.place.saved')}</span>}
        {error && <span role="alert" className="text-error">{error}</span>}
      </div>
    </form>
  );
}
