import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from './lib/router.tsx';
import { App, loadPage } from './app.tsx';
import { endInitialHydration } from './lib/deferred-hydration.tsx';
import { INITIAL_DATA_ID, readInitialState } from './ssr/initial-data.ts';
import './styles/global.css';

// In production the boot script fetches the web font for the pages that follow (decision 022); the
// development server's page has no boot script, so the entry switches to it as soon as it is loaded.
if (import.meta.env.DEV) {
  void document.fonts
    .load('1em "Inter Variable"')
    .then(() => document.documentElement.classList.add('fonts-loaded'));
}

const container = document.getElementById('root');
if (container) {
  // The server sends the page already rendered, with the data it used; the browser takes it over.
  const {
    cache,
    seed,
    form,
    private: privateData,
  } = readInitialState(document.getElementById(INITIAL_DATA_ID)?.textContent);
  const app = (
    <StrictMode>
      <BrowserRouter>
        <App queryCache={cache} seed={seed} formAnswer={form} privateData={privateData} />
      </BrowserRouter>
    </StrictMode>
  );
  if (container.firstElementChild) {
    // The page's own code first, so hydration matches the server's HTML in one pass.
    // As a transition, React hydrates in slices and lets the browser answer in between, instead of in
    // one long task that would hold up a tap.
    void loadPage(window.location.pathname).then(() =>
      startTransition(() => {
        hydrateRoot(container, app);
      }),
    );
  } else {
    endInitialHydration();
    createRoot(container).render(app);
  }
} else {
  console.error('No se encontró el elemento raíz de la aplicación.');
}
