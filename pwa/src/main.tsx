import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter, preloadPage } from './app/router';
import { captureInstallPrompt } from './lib/install-prompt';
import './styles/global.css';

// Before anything renders: the browser may offer installation right after load.
captureInstallPrompt();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const root = createRoot(container);
// The first page's code is fetched before React renders anything, so the page appears whole
// instead of after a loading frame; index.html's own placeholder shows meanwhile.
void preloadPage(window.location.pathname).then(() => {
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppRouter />
      </StrictMode>,
    );
  });
});
