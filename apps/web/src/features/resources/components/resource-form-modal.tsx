import type { Resource } from '@kalinga/contracts/resources';
import { type FormEvent, useState } from 'react';
import { ImagePicker } from '../../../components/ui/image-picker';
import { Modal } from '../../../components/ui/modal';
import { useT } from '../../../lib/i18n';
import type { CategoryOption, ResourceInput } from '../api/resources-api';
import { SubmitButton } from '../../../components/ui/submit-button';

interface FormProps {
  resource: Resource | null;
  categories: CategoryOption[];
  categoriesLoading: boolean;
  saving: boolean;
  errors: Record<string, string[]>;
  onSubmit: (input: ResourceInput) => void;
  onCancel: () => void;
}

/** The resource form (product-rules.md#screen-resources), in a modal: 'Add Resource' / 'Edit Resource'. */
export function ResourceFormModal({ open, onClose, ...form }: Omit<FormProps, 'onCancel'> & { open: boolean; onClose: () => void }) {
  const t = useT('resources');
  return (
    <Modal open={open} title={form.resource ? t('resources.edit') : t('resources.add')} onClose={onClose} wide>
      {open && <ResourceForm key={form.resource?.uuid ?? 'new'} {...form} onCancel={onClose} />}
    </Modal>
  );
}

function ResourceForm({
  resource,
  categories,
  categoriesLoading,
  saving,
  errors,
  onSubmit,
  onCancel,
}: FormProps) {
  const t = useT('resources');
  const [title, setTitle] = useState(resource?.title ?? '');
  const [content, setContent] = useState(resource?.content ?? '');
  const [selected, setSelected] = useState<number[]>(resource?.categories.map((c) => c.id) ?? []);
  const [isPublished, setIsPublished] = useState(resource?.is_published ?? false);
  const [image, setImage] = useState<File | null>(null);
  const [touched, setTouched] = useState(false);

  const toggle = (id: number) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));

  const titleError = (touched && title.trim() === '' ? t('resources.form.titleRequired') : undefined) ?? errors.title?.[0];
  const contentError = (touched && content.trim() === '' ? t('resources.form.contentRequired') : undefined) ?? errors.content?.[0];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (title.trim() === '' || content.trim() === '') return;
    // At least one category is hinted, not required (product-rules.md#validation).
    onSubmit({ title, content, categoryIds: selected, isPublished, image });
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <label className="flex flex-col gap-1">
        <span className="font-medium">{t('resources.form.title')} <span className="text-error" aria-hidden="true">*</span></span>
        <input className={`input w-full ${titleError ? 'input-error' : ''}`} name="title" required maxLength={255} value={title} disabled={saving} aria-invalid={titleError ? true : undefined} onChange={(e) => setTitle(e.target.value)} />
        {titleError && <span className="text-sm text-error">{titleError}</span>}
      </label>
      <label className="flex flex-col gap-1">
        <span className="font-medium">{t('resources.form.content')} <span className="text-error" aria-hidden="true">*</span></span>
        <textarea className={`textarea h-48 w-full ${contentError ? 'textarea-error' : ''}`} name="content" required value={content} disabled={saving} aria-invalid={contentError ? true : undefined} onChange={(e) => setContent(e.target.value)} />
        {contentError && <span className="text-sm text-error">{contentError}</span>}
      </label>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 font-medium">{t('resources.form.categories')}</legend>
        {categoriesLoading ? (
          <span className="loading loading-dots loading-sm" aria-label={t('resources.form.loadingCategories')} />
        ) : categories.length === 0 ? (
          <p className="text-sm text-base-content/60">{t('resources.form.noCategories')}</p>
        ) : (
          <div className="flex flex-wrap gap-2">
            {categories.map((c) => {
              const on = selected.includes(c.id);
              return (
                <button
                  key={c.id}
                  type="button"
                  aria-pressed={on}
                  disabled={saving}
                  className={`badge badge-lg cursor-pointer select-none ${on ? 'badge-primary' : 'badge-outline'}`}
                  onClick={() => toggle(c.id)}
                >
                  {on && <span aria-hidden="true">✓</span>}
                  {c.title}
                </button>
              );
            })}
          </div>
        )}
        {categories.length > 0 && selected.length === 0 && <p className="text-sm text-amber-700">{t('resources.form.selectCategory')}</p>}
        {errors.categories?.[0] && <p className="text-sm text-error">{errors.categories[0]}</p>}
      </fieldset>
      <ImagePicker label={t('resources.form.image')} currentUrl={resource?.image_url ?? null} file={image} onChange={setImage} error={errors.image?.[0]} disabled={saving} />
      <label className="flex cursor-pointer items-center gap-3">
        <input type="checkbox" className="toggle toggle-primary" name="is_published" checked={isPublished} disabled={saving} onChange={(e) => setIsPublished(e.target.checked)} />
        <span className="font-medium">{t('resources.form.publish')}</span>
      </label>
      <div className="modal-action">
        <button type="button" className="btn" onClick={onCancel} disabled={saving}>{t('resources.form.cancel')}</button>
        <SubmitButton busy={saving}>
          {resource ? t('resources.form.update') : t('resources.form.create')}
        </SubmitButton>
      </div>
    </form>
  );
}
