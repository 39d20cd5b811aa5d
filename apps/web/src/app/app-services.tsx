import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { getAppQueryClient } from '../lib/query-client';
import { useTheme } from '../lib/theme';

/** seed 000 §9 / seed 001 §9: toasts last 3 s. */
const TOAST_DURATION_MS = 3000;
/**
 * Toasts stack at the bottom right, above the floating chat button (56 px at 16/24 px from the corner), so they never
 * cover the header's user menu or a page's top actions such as 'Nuevo Reporte'.
 */
export const TOAST_POSITION = 'bottom-right';
export const TOAST_OFFSET = { bottom: 96, right: 24 };
export const TOAST_MOBILE_OFFSET = { bottom: 84, right: 16, left: 16 };

/**
 * What every screen but the sales page needs around it: the app's QueryClient and the toasts. Loaded with the first
 * such screen (see root-layout.tsx), so the sales page's first load does without TanStack Query and sonner. The toasts
 * follow the theme shown (a warning was a light box on the dark theme) and are listed one above the other, never
 * stacked over each other (`expand`).
 */
export function AppServices({ children }: { children: ReactNode }) {
  const { resolved } = useTheme();
  return (
    <QueryClientProvider client={getAppQueryClient()}>
      {children}
      <Toaster
        position={TOAST_POSITION}
        offset={TOAST_OFFSET}
        mobileOffset={TOAST_MOBILE_OFFSET}
        richColors
        expand
        theme={resolved}
        closeButton
        duration={TOAST_DURATION_MS}
        containerAriaLabel="Notificaciones"
        toastOptions={{ closeButtonAriaLabel: 'Descartar aviso' }}
      />
    </QueryClientProvider>
  );
}
