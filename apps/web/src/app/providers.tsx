import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ConfirmHost } from '../components/ui/confirm-dialog';
import { ToastLayer } from '../components/ui/toast-layer';
import { queryClient } from '../lib/query-client';

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ConfirmHost />
      <ToastLayer />
    </QueryClientProvider>
  );
}
