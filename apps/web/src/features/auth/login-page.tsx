import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { homePath } from '../../app/nav';
import { errorMessage } from '../../lib/api-client';
import { login } from './auth-store';
import { AuthFrame } from './auth-frame';
import { SubmitButton } from '../../components/ui/submit-button';

export function LoginPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const user = await login({ email: email.trim(), password });
      navigate(homePath(user), { replace: true });
    } catch (err) {
      setError(errorMessage(err, 'Failed to sign in'));
      setBusy(false);
    }
  };

  return (
    <AuthFrame title="Sign in to your account">
      <p className="mb-6 text-center text-base-content/70">Sign in to your account to continue</p>
      {error && <div role="alert" className="alert alert-error alert-soft mb-4">{error}</div>}
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate={false}>
        <label className="floating-label">
          <span>Email</span>
          <input className="input w-full" type="email" name="email" autoComplete="email" placeholder="Email" required value={email} disabled={busy} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <label className="floating-label">
          <span>Password</span>
          <input className="input w-full" type="password" name="password" autoComplete="current-password" placeholder="Password" required value={password} disabled={busy} onChange={(e) => setPassword(e.target.value)} />
        </label>
        <SubmitButton busy={busy} className="w-full">
          {busy ? 'Signing in...' : 'Sign in'}
        </SubmitButton>
      </form>
      <p className="mt-6 text-center text-sm">
        New to Kalinga? <Link className="link link-primary" to="/register">Create your account</Link>
      </p>
      <p className="mt-2 text-center text-sm">
        <Link className="link text-error" to="/crisis">Need help now? Crisis contacts</Link>
      </p>
    </AuthFrame>
  );
}
