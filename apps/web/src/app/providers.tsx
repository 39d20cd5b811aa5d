import { useEffect, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { createQueryClient } from '../lib/query-client';
import { getSession, subscribeSession } from '../lib/session';
import { createAppRouter } from './router';

/** seed 000 §9 / seed 001 §9: toasts last 3 s. */
const TOAST_DURATION_MS = 3000;

export function AppProviders() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);

  // Server data belongs to the signed-in tenant: forget it when the session ends.
  useEffect(
    () =>
      subscribeSession(() => {
        const { status } = getSession();
        if (status === 'unauthenticated' || status === 'expired') queryClient.clear();
      }),
    [queryClient],
  );

  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
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
