import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { clearSession, readStoredUser } from './lib/session';
import { initTheme } from './lib/theme';
import './index.css';

initTheme();
// Start-up (seed 000 §4): with no stored user the visitor is signed out at once; only a stored session loads the HTTP
// client to exchange its refresh cookie, so the sales page's first load does without it (bench/sales-page.ts).
if (readStoredUser()) void import('./lib/http').then(({ restoreSession }) => restoreSession());
else clearSession();

const container = document.getElementById('root');
if (!container) throw new Error('Falta el elemento #root');
createRoot(container).render(
  <StrictMode>
    <AppProviders />
  </StrictMode>,
);
