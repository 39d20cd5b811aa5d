import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './router';

/**
 * The app's root: the router. The QueryClient and the toaster are provided by the route tree itself (root-layout.tsx),
 * outside the sales page, which keeps the first load small (bench/sales-page.ts).
 */
export function AppProviders() {
  const [router] = useState(createAppRouter);
  return <RouterProvider router={router} />;
}
