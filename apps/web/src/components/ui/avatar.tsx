import { useT } from '../../lib/i18n';
import { initials } from '../../lib/initials';

/** The user's image, or the initials of up to two words of the name ('?' without a name). */
export function Avatar({ name, src, size = 'md' }: { name: string | null | undefined; src?: string | null; size?: 'sm' | 'md' }) {
  const t = useT('common');
  const box = size === 'sm' ? 'w-8 h-8 text-xs' : 'w-10 h-10 text-sm';
  if (src) {
    return (
      <div className="avatar">
        <div className={`${box} rounded-full`}>
          <img src={src} alt={name ? t('common.avatarOf', { name }) : t('common.avatar')} />
        </div>
      </div>
    );
  }
  return (
    <div className="avatar avatar-placeholder">
      <div className={`${box} rounded-full bg-primary text-primary-content`}>
        <span aria-hidden="true">{initials(name)}</span>
      </div>
    </div>
  );
}
