import type { AuthUser } from '@kalinga/contracts/auth';
import { Link } from 'react-router';
import { useT } from '../lib/i18n';

/**
 * "I need help now" (decision 0163): opens the crisis screen at once (no server call on the way) and tells the
 * counselors on call from there. On every client screen: in the top bar, and in the booking form, which covers the
 * top bar while it is open (decision 0225).
 */
export function HelpNowLink({ className = '', compact = false }: { className?: string; compact?: boolean }) {
  const t = useT('crisis');
  return (
    <Link to="/crisis?reason=button" className={`btn btn-error btn-outline ${className}`} data-testid="help-now" aria-label={compact ? t('crisis.helpNow') : undefined}>
      {/* In a phone's top bar the words are shortened to fit beside the bell and the menu; the name stays whole. */}
      {compact ? (
        <>
          <span className="sm:hidden">{t('crisis.helpNowShort')}</span>
          <span className="max-sm:hidden">{t('crisis.helpNow')}</span>
        </>
      ) : (
        t('crisis.helpNow')
      )}
    </Link>
  );
}

/** Whether the user is a client (not a counselor, not a manager of appointments): the one "I need help now" is for. */
export function showsHelpNow(user: Pick<AuthUser, 'user_type' | 'roles' | 'permissions'> | null): boolean {
  return !!user && user.user_type !== 'counselor' && !user.roles.includes('counselor') && !user.permissions.includes('manage appointments');
}
