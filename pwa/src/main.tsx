import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './app/router';
import { captureInstallPrompt } from './lib/install-prompt';
import './styles/global.css';

// Before anything renders: the browser may offer installation right after load.
captureInstallPrompt();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppRouter />
  </StrictMode>,
);
