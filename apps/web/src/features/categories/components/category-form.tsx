import type { Category } from '@kalinga/contracts/categories';
import { type FormEvent, useState } from 'react';
import { ImagePicker } from '../../../components/ui/image-picker';
import { useT } from '../../../lib/i18n';
import type { CategoryInput } from '../api/categories-store';
import { SubmitButton } from '../../../components/ui/submit-button';

/** Add/edit form shown in the drawer. Input stays as typed when saving fails; field errors come from the server. */
export function CategoryForm({
  category,
  saving,
  errors,
  onSubmit,
  onCancel,
}: {
  category: Category | null;
  saving: boolean;
  errors: Record<string, string[]>;
  onSubmit: (input: CategoryInput) => void;
  onCancel: () => void;
}) {
  const t = useT('categories');
  const [title, setTitle] = useState(category?.title ?? '');
  const [description, setDescription] = useState(category?.description ?? '');
  const [image, setImage] = useState<File | null>(null);
  const [touched, setTouched] = useState(false);
  const titleMissing = title.trim() === '';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (titleMissing) return;
    onSubmit({ title, description, image });
  };

  const titleError = (touched && titleMissing ? t('categories.form.titleRequired') : undefined) ?? errors.title?.[0];

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <label className="flex flex-col gap-1">
        <span className="font-medium">{t('categories.form.title')} <span className="text-error" aria-hidden="true">*</span></span>
        <input
          className={`input w-full ${titleError ? 'input-error' : ''}`}
          name="title"
          required
          maxLength={255}
          value={title}
          disabled={saving}
          aria-invalid={titleError ? true : undefined}
          onChange={(e) => setTitle(e.target.value)}
        />
        {titleError && <span className="text-sm text-error">{titleError}</span>}
      </label>
      <label className="flex flex-col gap-1">
        <span className="font-medium">{t('categories.form.description')}</span>
        <textarea className="textarea h-32 w-full" name="description" maxLength={5000} value={description} disabled={saving} onChange={(e) => setDescription(e.target.value)} />
        {errors.description?.[0] && <span className="text-sm text-error">{errors.description[0]}</span>}
      </label>
      <ImagePicker label={t('categories.form.image')} currentUrl={category?.image_path ?? null} file={image} onChange={setImage} error={errors.image?.[0]} disabled={saving} />
      <div className="mt-2 flex justify-end gap-2">
        <button type="button" className="btn" onClick={onCancel} disabled={saving}>{t('categories.form.cancel')}</button>
        <SubmitButton busy={saving}>
          {category ? t('categories.form.update') : t('categories.form.create')}
        </SubmitButton>
      </div>
    </form>
  );
}
