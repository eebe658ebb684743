import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { LoadingBlock } from '../components/ui/spinner';
import { useT } from '../lib/i18n';
import { isSignedIn, useAuth } from '../session/auth-store';
import { type Access, canAccess, homePath } from './nav';

/** Guest-only pages (sign-in, registration): a signed-in user goes to the first screen they may use. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const auth = useAuth();
  if (auth.status === 'loading') return <LoadingBlock />;
  if (isSignedIn(auth.status)) return <Navigate to={homePath(auth.user)} replace />;
  return children;
}

/** Signed-in pages (online or in offline mode): waits while auth loads, sends guests to /login, and enforces the route's role or permission. */
export function RequireAuth({ children, access, fallback = <LoadingBlock /> }: { children: ReactNode; access?: Access; fallback?: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === 'loading') return fallback;
  if (!isSignedIn(auth.status)) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (!canAccess(auth.user, access)) return <NoAccess />;
  return children;
}

/** '/': the dashboard (the Appointments view) for whoever may view appointments; anyone else goes to their own first screen. */
export function Dashboard({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  if (canAccess(user, { permission: 'view appointments' })) return children;
  return <Navigate to={homePath(user)} replace />;
}

export function NoAccess() {
  const { user } = useAuth();
  const t = useT('frame');
  return (
    <div className="mx-auto max-w-lg py-16 text-center">
      <h1 className="text-2xl font-bold">{t('frame.noAccess.title')}</h1>
      <p className="mt-2 text-base-content/70">{t('frame.noAccess.lead')}</p>
      <Link to={homePath(user)} className="btn btn-primary mt-6">{t('frame.noAccess.home')}</Link>
    </div>
  );
}

export function NotFound() {
  const t = useT('frame');
  return (
    <div className="mx-auto max-w-lg py-16 text-center">
      <h1 className="text-2xl font-bold">{t('frame.notFound.title')}</h1>
      <p className="mt-2 text-base-content/70">{t('frame.notFound.lead')}</p>
    </div>
  );
}
