import { Link } from 'react-router';

/**
 * "I need help now" (decision 0163): opens the crisis screen at once (no server call on the way) and tells the
 * counselors on call from there. Shown to clients on the booking screen.
 */
export function HelpNowLink({ className = '' }: { className?: string }) {
  return (
    <Link to="/crisis?reason=button" className={`btn btn-error btn-outline ${className}`} data-testid="help-now">
      I need help now
    </Link>
  );
}
