import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, createQueryClient, preloadViewFor } from './app/app';
import { readServerState } from './server-state';
import './styles/index.css';

// A page the server drew (backend/src/web/spa.ts) arrives with the data it was drawn from: the
// browser takes both over instead of drawing the page again (issue 12).
const root = document.getElementById('root')!;
const queryClient = createQueryClient();
for (const [key, data] of readServerState(document)) queryClient.setQueryData(key, data);
/** Marks the page as working (its first render committed) for browser tests and tools: <html data-ready>. */
function MarkReady() {
  useEffect(() => document.documentElement.setAttribute('data-ready', ''), []);
  return null;
}
const app = (
  <StrictMode>
    <App queryClient={queryClient} />
    <MarkReady />
  </StrictMode>
);
// Its view's code first: hydrating a part still loading would let the first update redraw it.
if (root.firstElementChild)
  void preloadViewFor(location.pathname)
    .catch(() => undefined)
    .then(() => hydrateRoot(root, app));
else createRoot(root).render(app);
