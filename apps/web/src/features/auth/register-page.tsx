import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { AuthFrame } from './auth-frame';
import { useT } from '../../lib/i18n';
import { register } from '../../session/auth-store';
import { SubmitButton } from '../../components/ui/submit-button';

type Field = 'name' | 'email' | 'password' | 'password_confirmation' | 'companyName';

export function RegisterPage() {
  const t = useT('auth');
  const [form, setForm] = useState<Record<Field, string>>({ name: '', email: '', password: '', password_confirmation: '', companyName: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});

  const set = (field: Field) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [field]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setFieldErrors({});
    try {
      // Signed in: the page's GuestOnly guard (app/guard.tsx) sends the user to their first screen.
      await register({ ...form, email: form.email.trim(), companyName: form.companyName.trim() || null });
    } catch (err) {
      console.error('Registration failed', err);
      setError(t('auth.register.failed'));
      if (err instanceof ApiError) setFieldErrors(err.errors);
      setBusy(false);
    }
  };

  const hints: Partial<Record<Field, string>> = { password: t('auth.register.passwordHint') };
  // The message and the rule sit below the field, outside the floating label (whose spans daisyUI floats).
  const input = (field: Field, label: string, type: string, autoComplete: string, required = true) => {
    const describedBy = [hints[field] ? `${field}-hint` : null, fieldErrors[field] ? `${field}-error` : null].filter(Boolean).join(' ') || undefined;
    return (
      <div className="flex flex-col gap-1">
        <label className="floating-label">
          <span>{label}</span>
          <input
            className={`input w-full ${fieldErrors[field] ? 'input-error' : ''}`}
            name={field}
            type={type}
            placeholder={label}
            autoComplete={autoComplete}
            required={required}
            value={form[field]}
            disabled={busy}
            onChange={set(field)}
            aria-invalid={!!fieldErrors[field]}
            aria-describedby={describedBy}
          />
        </label>
        {hints[field] && <p id={`${field}-hint`} className="text-xs text-base-content/70">{hints[field]}</p>}
        {fieldErrors[field] && <p id={`${field}-error`} className="text-sm text-error">{fieldErrors[field].join(' ')}</p>}
      </div>
    );
  };

  return (
    <AuthFrame title={t('auth.register.title')}>
      <p className="mb-4 text-center text-sm">
        {t('auth.register.haveAccount')} <Link className="link link-primary" to="/login">{t('auth.register.signInLink')}</Link>
      </p>
      {error && <div role="alert" className="alert alert-error alert-soft mb-4">{error}</div>}
      <form onSubmit={submit} className="flex flex-col gap-4">
        {input('name', t('auth.register.name'), 'text', 'name')}
        {input('email', t('auth.email'), 'email', 'email')}
        {input('password', t('auth.password'), 'password', 'new-password')}
        {input('password_confirmation', t('auth.register.confirmPassword'), 'password', 'new-password')}
        {input('companyName', t('auth.register.company'), 'text', 'organization', false)}
        <SubmitButton busy={busy} className="w-full">
          {busy ? t('auth.register.busy') : t('auth.register.submit')}
        </SubmitButton>
      </form>
    </AuthFrame>
  );
}
