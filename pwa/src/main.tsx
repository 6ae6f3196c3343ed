import { StrictMode, useLayoutEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter, preloadPage } from './app/router';
import { captureInstallPrompt } from './lib/install-prompt';
import './styles/global.css';

// Before anything renders: the browser may offer installation right after load.
captureInstallPrompt();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

/**
 * A page the server sent whole (see tooling/prerender) stays inert until the app's first render
 * has put the same page in its place, so no press lands on a control with nothing behind it.
 */
function Started({ root: element, children }: { readonly root: HTMLElement; readonly children: ReactNode }) {
  useLayoutEffect(() => {
    element.removeAttribute('inert');
  }, [element]);
  return children;
}

const root = createRoot(container);
// The first page's code is fetched before React renders anything, so the page appears whole
// instead of after a loading frame; the HTML's own page or placeholder shows meanwhile.
void preloadPage(window.location.pathname).then(() => {
  root.render(
    <StrictMode>
      <Started root={container}>
        <AppRouter />
      </Started>
    </StrictMode>,
  );
});
