import type { Resource } from '@kalinga/contracts/resources';
import { useState } from 'react';
import { confirmDelete } from '../../components/ui/confirm-dialog';
import { notifyError, notifySuccess } from '../../components/ui/toast';
import { ApiError } from '../../lib/api-client';
import { useT } from '../../lib/i18n';
import { type ResourceInput, useCategoryOptions, useResourceMutations } from './api/resources-api';
import { ResourceFormModal } from './components/resource-form-modal';

/** Add/edit modal and delete confirmation, shared by the list and the reading view. */
export function useResourceEditor() {
  const t = useT('resources');
  const [editing, setEditing] = useState<{ resource: Resource | null } | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const { create, update, remove } = useResourceMutations();
  // The form's badges (and the list's filter); refreshed on opening so a category added meanwhile shows.
  const categories = useCategoryOptions();

  const open = (resource: Resource | null) => {
    setErrors({});
    setEditing({ resource });
    void categories.refetch();
  };

  const save = async (input: ResourceInput) => {
    if (!editing) return;
    setErrors({});
    try {
      if (editing.resource) {
        await update.mutateAsync({ uuid: editing.resource.uuid, input });
        notifySuccess(t('resources.updated'));
      } else {
        await create.mutateAsync(input);
        notifySuccess(t('resources.created'));
      }
      setEditing(null);
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.errors);
      notifyError(editing.resource ? t('resources.updateFailed') : t('resources.createFailed'));
    }
  };

  /** Resolves true when the resource was deleted. */
  const askDelete = async (resource: Resource): Promise<boolean> => {
    if (!(await confirmDelete(resource.title))) return false;
    try {
      await remove.mutateAsync(resource.uuid);
      notifySuccess(t('resources.deleted'));
      return true;
    } catch {
      notifyError(t('resources.deleteFailed'));
      return false;
    }
  };

  const modal = (
    <ResourceFormModal
      open={editing !== null}
      resource={editing?.resource ?? null}
      categories={categories.data ?? []}
      categoriesLoading={categories.isPending}
      saving={create.isPending || update.isPending}
      errors={errors}
      onSubmit={(input) => void save(input)}
      onClose={() => setEditing(null)}
    />
  );

  return { openAdd: () => open(null), openEdit: (r: Resource) => open(r), askDelete, modal, categories };
}
