import { USER_TYPES, type UserType } from '@kalinga/contracts/common';
import type { User } from '@kalinga/contracts/users';
import { todayIn } from '@kalinga/contracts/zone-time';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { type MessageKey, type Translate, useT } from '../../lib/i18n';
import type { UserFormBody } from './users-api';
import { SubmitButton } from '../../components/ui/submit-button';
import { ClinicalSupervisionFields } from './clinical-supervision-fields';

/** The catalog key of each user type's name (the users area). */
export const USER_TYPE_LABELS: Record<UserType, MessageKey> = { student: 'users.type.student', personnel: 'users.type.personnel', counselor: 'users.type.counselor' };

/** How a user is described in the list: an administrator (the registering user is personnel) reads as such. */
export function userKindLabel(u: { user_type: UserType; roles: readonly string[] }, t: Translate): string {
  const type = t(USER_TYPE_LABELS[u.user_type]);
  if (!u.roles.includes('admin')) return type;
  return u.user_type === 'personnel' ? t('users.administrator') : t('users.typeAndAdmin', { type });
}

interface Values {
  name: string;
  email: string;
  password: string;
  user_type: UserType;
  roles: string[];
  student_id: string;
  department: string;
  birth_date: string;
  is_trainee: boolean;
  clinical_supervisor_id: string;
}

function initialValues(user: User | null): Values {
  return {
    name: user?.name ?? '',
    email: user?.email ?? '',
    password: '',
    user_type: user?.user_type ?? 'student',
    roles: user?.roles ?? ['student'],
    student_id: user?.student_id ?? '',
    department: user?.department ?? '',
    birth_date: user?.birth_date ?? '',
    is_trainee: user?.is_trainee ?? false,
    clinical_supervisor_id: user?.clinical_supervisor_id ? String(user.clinical_supervisor_id) : '',
  };
}

function FieldError({ id, messages }: { id: string; messages?: string[] }) {
  if (!messages?.length) return null;
  return <p id={id} className="text-sm text-red-700">{messages.join(' ')}</p>;
}

/**
 * Create or edit a user in the drawer. What was typed stays after a failed save; the server's
 * field messages show under their fields.
 */
export function UserForm({
  user,
  roleNames,
  saving,
  onSubmit,
  onCancel,
  timeZone,
}: {
  user: User | null;
  roleNames: string[];
  saving: boolean;
  onSubmit: (body: UserFormBody) => Promise<void>;
  onCancel: () => void;
  /** The centre's zone: a birth date goes up to its today (decision 0373). */
  timeZone: string | undefined;
}) {
  const t = useT('users');
  const [values, setValues] = useState<Values>(() => initialValues(user));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [formError, setFormError] = useState<string | null>(null);
  // A refusal without field messages (a 403: decisions 0202, 0358) shows above the form; the Save button is at its
  // foot, so the box is brought into view, on a phone too.
  const formAlert = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (formError) formAlert.current?.scrollIntoView?.({ block: 'nearest' });
  }, [formError]);
  const isNew = user === null;
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));

  const changeType = (type: UserType) => {
    // A new user's role follows the type until the administrator picks roles by hand.
    setValues((v) => {
      const followsType = v.roles.length === 1 && USER_TYPES.includes(v.roles[0] as UserType);
      return { ...v, user_type: type, roles: followsType && roleNames.includes(type) ? [type] : v.roles };
    });
  };
  // The roles offered, and any other the user already holds (a landlord or tenant kept from before: shown so it
  // can be taken away; decision 0148).
  const shownRoles = [...roleNames, ...(user?.roles ?? []).filter((r) => !roleNames.includes(r))];
  const toggleRole = (role: string) =>
    setValues((v) => ({ ...v, roles: v.roles.includes(role) ? v.roles.filter((r) => r !== role) : [...v.roles, role] }));

  const canSubmit = values.name.trim() !== '' && values.email.trim() !== '' && (!isNew || values.password.length > 0) && values.roles.length > 0 && !saving;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!canSubmit) return;
    setErrors({});
    setFormError(null);
    const body = {
      name: values.name.trim(),
      email: values.email.trim(),
      password: values.password,
      user_type: values.user_type,
      roles: values.roles,
      student_id: values.student_id.trim() || null,
      department: values.department.trim() || null,
      birth_date: values.birth_date || null,
      // Counselors only (decision 0201): another type sends neither and the server clears them.
      ...(values.user_type === 'counselor' ? { is_trainee: values.is_trainee, clinical_supervisor_id: values.clinical_supervisor_id ? Number(values.clinical_supervisor_id) : null } : {}),
    };
    try {
      await onSubmit(body);
    } catch (err) {
      // Field messages go under their fields; only a failure without them needs the box above the form.
      if (err instanceof ApiError && Object.keys(err.errors).length > 0) setErrors(err.errors);
      else setFormError(err instanceof Error ? err.message : t('users.form.saveFailed'));
    }
  };

  const describedBy = (field: string) => (errors[field] ? `user-${field}-error` : undefined);
  const inputClass = (field: string) => `input w-full ${errors[field] ? 'input-error' : ''}`;

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      {formError && <div ref={formAlert} role="alert" className="alert alert-error alert-soft">{formError}</div>}
      <div className="flex flex-col gap-1">
        <label htmlFor="user-name" className="font-medium">{t('users.form.fullName')}</label>
        <input className={inputClass('name')} id="user-name" name="name" value={values.name} onChange={(e) => set('name', e.target.value)} required autoComplete="off" aria-invalid={!!errors.name} aria-describedby={describedBy('name')} />
        <FieldError id="user-name-error" messages={errors.name} />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="user-email" className="font-medium">{t('users.form.email')}</label>
        <input className={inputClass('email')} id="user-email" name="email" type="email" value={values.email} onChange={(e) => set('email', e.target.value)} required autoComplete="off" aria-invalid={!!errors.email} aria-describedby={describedBy('email')} />
        <FieldError id="user-email-error" messages={errors.email} />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="user-password" className="font-medium">{isNew ? t('users.form.password') : t('users.form.newPassword')}</label>
        <input
          className={inputClass('password')}
          id="user-password" name="password"
          type="password"
          value={values.password}
          onChange={(e) => set('password', e.target.value)}
          required={isNew}
          minLength={8}
          autoComplete="new-password"
          placeholder={isNew ? t('users.form.passwordNew') : t('users.form.passwordKeep')}
          aria-invalid={!!errors.password}
          aria-describedby={describedBy('password')}
        />
        <FieldError id="user-password-error" messages={errors.password} />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="user-user_type" className="font-medium">{t('users.form.userType')}</label>
        <select className={`select w-full ${errors.user_type ? 'select-error' : ''}`} id="user-user_type" name="user_type" value={values.user_type} onChange={(e) => changeType(e.target.value as UserType)}>
          {USER_TYPES.map((type) => <option key={type} value={type}>{t(USER_TYPE_LABELS[type])}</option>)}
        </select>
        <FieldError id="user-user_type-error" messages={errors.user_type} />
      </div>
      <fieldset className="flex flex-col gap-2" aria-describedby={describedBy('roles')}>
        <legend className="mb-1 font-medium">{t('users.form.roles')}</legend>
        <div className="flex flex-wrap gap-2">
          {shownRoles.map((role) => (
            <label key={role} className={`badge badge-lg cursor-pointer gap-2 ${values.roles.includes(role) ? 'badge-primary' : 'badge-outline'}`}>
              <input type="checkbox" className="checkbox checkbox-xs" checked={values.roles.includes(role)} onChange={() => toggleRole(role)} />
              {role}
            </label>
          ))}
        </div>
        {values.roles.length === 0 && <p className="text-sm text-warning">{t('users.form.chooseRole')}</p>}
        <FieldError id="user-roles-error" messages={errors.roles} />
      </fieldset>
      {values.user_type === 'counselor' && (
        <ClinicalSupervisionFields
          userId={user?.id ?? null}
          isTrainee={values.is_trainee}
          supervisorId={values.clinical_supervisor_id}
          errors={errors.clinical_supervisor_id}
          onTrainee={(v) => set('is_trainee', v)}
          onSupervisor={(v) => set('clinical_supervisor_id', v)}
        />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <label htmlFor="user-student_id" className="font-medium">{t('users.form.studentId')}</label>
          <input className={inputClass('student_id')} id="user-student_id" name="student_id" value={values.student_id} onChange={(e) => set('student_id', e.target.value)} placeholder={values.user_type === 'student' ? t('users.form.studentIdExample') : t('users.form.optional')} aria-describedby={describedBy('student_id')} />
          <FieldError id="user-student_id-error" messages={errors.student_id} />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="user-birth_date" className="font-medium">{t('users.form.birthDate')}</label>
          <input className={inputClass('birth_date')} id="user-birth_date" name="birth_date" type="date" max={todayIn(timeZone)} value={values.birth_date} onChange={(e) => set('birth_date', e.target.value)} aria-invalid={!!errors.birth_date} aria-describedby={describedBy('birth_date')} />
          <FieldError id="user-birth_date-error" messages={errors.birth_date} />
        </div>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="user-department" className="font-medium">{t('users.form.department')}</label>
        <input className={inputClass('department')} id="user-department" name="department" value={values.department} onChange={(e) => set('department', e.target.value)} placeholder={t('users.form.departmentExample')} aria-describedby={describedBy('department')} />
        <FieldError id="user-department-error" messages={errors.department} />
      </div>
      <p className="text-sm text-base-content/60">{t('users.form.reportsHint')}</p>
      <div className="flex justify-end gap-2 pt-2">
        <button type="button" className="btn" onClick={onCancel} disabled={saving}>{t('users.form.cancel')}</button>
        <SubmitButton busy={saving} disabled={!canSubmit}>
          {saving ? t('users.form.saving') : isNew ? t('users.form.create') : t('users.form.update')}
        </SubmitButton>
      </div>
    </form>
  );
}
