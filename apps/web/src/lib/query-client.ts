import { QueryClient } from '@tanstack/react-query';
import { HttpError } from './http';
import { getSession, subscribeSession } from './session';

/** Server data lives only in TanStack Query. Client errors (4xx) are answers: never retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        staleTime: 30_000,
        retry: (failureCount, error) => {
          if (error instanceof HttpError && error.status >= 400 && error.status < 500) return false;
          return failureCount < 1;
        },
      },
      mutations: { retry: false },
    },
  });
}

let appQueryClient: QueryClient | null = null;

/**
 * The app's one QueryClient, made on first use: the sales page loads TanStack Query only with the screens that call
 * the API (speed budget, bench/sales-page.ts). Server data belongs to the signed-in tenant, so the cache is forgotten whenever
 * the session ends.
 */
export function getAppQueryClient(): QueryClient {
  if (!appQueryClient) {
    const client = createQueryClient();
    subscribeSession(() => {
      const { status } = getSession();
      if (status === 'unauthenticated' || status === 'expired') client.clear();
    });
    appQueryClient = client;
  }
  return appQueryClient;
}
