import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { getAppQueryClient } from '../lib/query-client';

/** seed 000 §9 / seed 001 §9: toasts last 3 s. */
const TOAST_DURATION_MS = 3000;

/**
 * What every screen but the sales page needs around it: the app's QueryClient and the toasts. Loaded with the first
 * such screen (see root-layout.tsx), so the sales page's first load does without TanStack Query and sonner.
 */
export function AppServices({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={getAppQueryClient()}>
      {children}
      <Toaster
        position="top-right"
        richColors
        closeButton
        duration={TOAST_DURATION_MS}
        containerAriaLabel="Notificaciones"
        toastOptions={{ closeButtonAriaLabel: 'Descartar aviso' }}
      />
    </QueryClientProvider>
  );
}
