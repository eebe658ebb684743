import type { ReactNode } from 'react';
import { chooseOnDevice, useLanguage, useT } from '../../lib/i18n';
import { LanguagePicker } from '../../components/language-picker';
// Both images are in the page's script as data: URLs, not requests of their own: each request on the sign-in page
// costs its headers as well as its bytes in /login's transfer budget (decision 0288).
import logo from '../../../public/logo.svg?inline';
import background from './login-background.svg?inline';

/** The sign-in and registration frame: background image, logo, a card, and the language picker (kept on this device). */
export function AuthFrame({ children, title }: { children: ReactNode; title?: string }) {
  const t = useT('auth');
  const language = useLanguage();
  return (
    <div className="flex min-h-screen items-center justify-center bg-cover bg-center p-4" style={{ backgroundImage: `url("${background}")` }}>
      <main className="card w-full max-w-md bg-base-100 shadow-xl">
        <div className="card-body">
          <div className="flex justify-end">
            <LanguagePicker label={t('auth.language')} value={language} onChoose={(choice) => choice && void chooseOnDevice(choice)} />
          </div>
          <div className="mb-2 flex flex-col items-center gap-2">
            <img src={logo} alt={t('auth.logoAlt')} className="h-14 w-14" />
            <span className="text-2xl font-bold">Kalinga</span>
          </div>
          {title && <h1 className="mb-2 text-center text-xl font-semibold">{title}</h1>}
          {children}
        </div>
      </main>
    </div>
  );
}
