import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { restoreSession } from './lib/http';
import { initTheme } from './lib/theme';
import './index.css';

initTheme();
void restoreSession();

const container = document.getElementById('root');
if (!container) throw new Error('Falta el elemento #root');
createRoot(container).render(
  <StrictMode>
    <AppProviders />
  </StrictMode>,
);
