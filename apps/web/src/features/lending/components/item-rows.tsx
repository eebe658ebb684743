import type { LocalCategory } from '../book/lending-queries';

export interface ItemDraftRow {
  key: string;
  description: string;
  category_uuid: string;
  appraisal_value: string;
}

export function emptyItem(category_uuid = ''): ItemDraftRow {
  return { key: crypto.randomUUID(), description: '', category_uuid, appraisal_value: '' };
}

/** The pawned items of a new ticket: description, category, appraised value; add and remove rows. */
export function ItemRows({ rows, categories, onChange }: { rows: ItemDraftRow[]; categories: LocalCategory[]; onChange: (rows: ItemDraftRow[]) => void }) {
  const set = (key: string, field: keyof ItemDraftRow, value: string) => onChange(rows.map((r) => (r.key === key ? { ...r, [field]: value } : r)));
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 font-semibold">Items</legend>
      {rows.map((row, n) => (
        <div key={row.key} className="grid gap-2 rounded-box border border-base-300 p-3 sm:grid-cols-[1fr_12rem_10rem_auto] sm:items-end" data-testid="item-row">
          <label className="flex flex-col gap-1">
            <span className="text-sm">Description of item {n + 1}</span>
            <input className="input w-full" value={row.description} required onChange={(e) => set(row.key, 'description', e.target.value)} />
          </label>
          <label className="flex flex-col gap-1">
            <span className="text-sm">Category of item {n + 1}</span>
            <select className="select w-full" value={row.category_uuid} onChange={(e) => set(row.key, 'category_uuid', e.target.value)}>
              <option value="">Choose...</option>
              {categories.map((c) => <option key={c.uuid} value={c.uuid}>{c.title}</option>)}
            </select>
          </label>
          <label className="flex flex-col gap-1">
            <span className="text-sm">Appraised value of item {n + 1} (PHP)</span>
            <input className="input w-full" inputMode="decimal" value={row.appraisal_value} onChange={(e) => set(row.key, 'appraisal_value', e.target.value)} />
          </label>
          <button type="button" className="btn btn-ghost btn-sm" disabled={rows.length === 1} aria-label={`Remove item ${n + 1}`} onClick={() => onChange(rows.filter((r) => r.key !== row.key))}>
            Remove
          </button>
        </div>
      ))}
      <div>
        <button type="button" className="btn btn-sm" onClick={() => onChange([...rows, emptyItem(rows[0]?.category_uuid)])}>
          <span aria-hidden="true">+</span> Add Item
        </button>
      </div>
    </fieldset>
  );
}
