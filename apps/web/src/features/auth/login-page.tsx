import { type FormEvent, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { login } from '../../session/auth-store';
import { AuthFrame } from './auth-frame';
import { useT } from '../../lib/i18n';
import { SubmitButton } from '../../components/ui/submit-button';

/** The sign-in page; its messages may still be loading when the page is reached from another (the crisis screen). */
export function LoginPage() {
  return (
    <Suspense fallback={null}>
      <LoginForm />
    </Suspense>
  );
}

function LoginForm() {
  const t = useT('auth');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      // Signed in: the page's GuestOnly guard (app/guard.tsx) sends the user to their first screen.
      await login({ email: email.trim(), password });
    } catch (err) {
      setError(errorMessage(err, t('auth.signIn.failed')));
      setBusy(false);
    }
  };

  return (
    <AuthFrame title={t('auth.signIn.title')}>
      <p className="mb-6 text-center text-base-content/70">{t('auth.signIn.lead')}</p>
      {error && <div role="alert" className="alert alert-error alert-soft mb-4">{error}</div>}
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate={false}>
        <label className="floating-label">
          <span>{t('auth.email')}</span>
          <input className="input w-full" type="email" name="email" autoComplete="email" placeholder={t('auth.email')} required value={email} disabled={busy} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <label className="floating-label">
          <span>{t('auth.password')}</span>
          <input className="input w-full" type="password" name="password" autoComplete="current-password" placeholder={t('auth.password')} required value={password} disabled={busy} onChange={(e) => setPassword(e.target.value)} />
        </label>
        <SubmitButton busy={busy} className="w-full">
          {busy ? t('auth.signIn.busy') : t('auth.signIn.submit')}
        </SubmitButton>
      </form>
      <p className="mt-6 text-center text-sm">
        {t('auth.signIn.newHere')} <Link className="link link-primary" to="/register">{t('auth.signIn.createLink')}</Link>
      </p>
      <p className="mt-2 text-center text-sm">
        <Link className="link text-error" to="/crisis">{t('auth.crisisLink')}</Link>
      </p>
    </AuthFrame>
  );
}
