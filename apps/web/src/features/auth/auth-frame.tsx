import type { ReactNode } from 'react';

/** The sign-in and registration frame: background image, logo, and a card. */
export function AuthFrame({ children, title }: { children: ReactNode; title?: string }) {
  return (
    <div className="flex min-h-screen items-center justify-center bg-cover bg-center p-4" style={{ backgroundImage: "url('/login-background.svg')" }}>
      <main className="card w-full max-w-md bg-base-100 shadow-xl">
        <div className="card-body">
          <div className="mb-2 flex flex-col items-center gap-2">
            <img src="/logo.svg" alt="Kalinga logo" className="h-14 w-14" />
            <span className="text-2xl font-bold">Kalinga</span>
          </div>
          {title && <h1 className="mb-2 text-center text-xl font-semibold">{title}</h1>}
          {children}
        </div>
      </main>
    </div>
  );
}
