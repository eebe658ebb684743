import { useT } from '../../../lib/i18n';
import type { LocalCategory } from '../book/lending-queries';
import { emptyItem, type ItemDraftRow, type ItemErrors } from '../ticket-draft';
import { FieldError } from './field-error';
import { MetalFields, type MetalContext } from '../terms/metal-fields';
import { IntakePhotos, type IntakePhotoDrafts } from '../vault/intake-photos';

const invalid = (error: string | undefined, id: string) => (error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {});

/** The pawned items of a new ticket: description, category, appraised value, each with its own message; add and remove rows. */
export function ItemRows({ rows, categories, errors, onChange, metal, showErrors = false, photos }: { rows: ItemDraftRow[]; categories: LocalCategory[]; errors: ItemErrors[]; onChange: (rows: ItemDraftRow[]) => void; metal?: MetalContext; showErrors?: boolean; photos?: { drafts: IntakePhotoDrafts; onChange: (drafts: IntakePhotoDrafts) => void } }) {
  const t = useT('lending');
  const set = (key: string, field: keyof ItemDraftRow, value: string) => onChange(rows.map((r) => (r.key === key ? { ...r, [field]: value } : r)));
  const add = () => {
    const next = emptyItem();
    onChange([...rows, next]);
    // The clerk goes on with the new item's description.
    requestAnimationFrame(() => document.getElementById(`item-${next.key}-description`)?.focus());
  };
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 font-semibold">{t('lending.items')}</legend>
      {rows.map((row, n) => {
        const id = `item-${row.key}`;
        const e = errors[n] ?? {};
        return (
          <div key={row.key} className="grid gap-2 rounded-box border border-base-300 p-3 sm:grid-cols-[1fr_12rem_10rem_auto] sm:items-start" data-testid="item-row">
            <div className="flex flex-col gap-1">
              <label className="flex flex-col gap-1">
                <span className="text-sm">{t('lending.itemRow.description', { n: n + 1 })}</span>
                <input id={`${id}-description`} className={`input w-full ${e.description ? 'input-error' : ''}`} value={row.description} required onChange={(ev) => set(row.key, 'description', ev.target.value)} {...invalid(e.description, `${id}-description`)} />
              </label>
              <FieldError id={`${id}-description-error`} message={e.description} />
            </div>
            <div className="flex flex-col gap-1">
              <label className="flex flex-col gap-1">
                <span className="text-sm">{t('lending.itemRow.category', { n: n + 1 })}</span>
                <select id={`${id}-category`} className={`select w-full ${e.category ? 'select-error' : ''}`} value={row.category_uuid} onChange={(ev) => set(row.key, 'category_uuid', ev.target.value)} {...invalid(e.category, `${id}-category`)}>
                  <option value="">{t('lending.itemRow.choose')}</option>
                  {categories.map((c) => <option key={c.uuid} value={c.uuid}>{c.title}</option>)}
                </select>
              </label>
              <FieldError id={`${id}-category-error`} message={e.category} />
            </div>
            <div className="flex flex-col gap-1">
              <label className="flex flex-col gap-1">
                <span className="text-sm">{t('lending.itemRow.appraisal', { n: n + 1 })}</span>
                <input id={`${id}-appraisal`} className={`input w-full ${e.appraisal ? 'input-error' : ''}`} inputMode="decimal" value={row.appraisal_value} onChange={(ev) => set(row.key, 'appraisal_value', ev.target.value)} {...invalid(e.appraisal, `${id}-appraisal`)} />
              </label>
              <FieldError id={`${id}-appraisal-error`} message={e.appraisal} />
            </div>
            <button type="button" className="btn btn-ghost btn-sm sm:mt-7" disabled={rows.length === 1} aria-label={t('lending.itemRow.removeLabel', { n: n + 1 })} onClick={() => onChange(rows.filter((r) => r.key !== row.key))}>
              {t('lending.itemRow.remove')}
            </button>
            {metal && <MetalFields id={id} n={n + 1} row={row} context={metal} showErrors={showErrors} onChange={(patch) => onChange(rows.map((r) => (r.key === row.key ? { ...r, ...patch } : r)))} />}
            {photos && <IntakePhotos id={id} n={n + 1} photos={photos.drafts[row.key] ?? []} onChange={(list) => photos.onChange({ ...photos.drafts, [row.key]: list })} />}
          </div>
        );
      })}
      <div>
        <button type="button" className="btn btn-sm" onClick={add}>
          <span aria-hidden="true">+</span> {t('lending.itemRow.add')}
        </button>
      </div>
    </fieldset>
  );
}
