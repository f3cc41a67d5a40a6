import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, createQueryClient, preloadViewFor } from './app/app';
import { readServerState } from './server-state';
import { noteDrawnProfile } from './lib/page-visits';
import './styles/index.css';

// A page the server drew (backend/src/web/spa.ts) arrives with the data it was drawn from: the
// browser takes both over instead of drawing the page again (issue 12).
const root = document.getElementById('root')!;
const queryClient = createQueryClient();
for (const [key, data] of readServerState(document)) {
  queryClient.setQueryData(key, data);
  if (key[0] === 'creator' && typeof key[1] === 'string') noteDrawnProfile(key[1]);
}
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
// The page is already on screen, so taking it over can wait its turn: as a transition, React
// hydrates in slices of a few milliseconds and yields between them, instead of one long task
// that holds up a tap (a phone's Total Blocking Time, issue 12).
if (root.firstElementChild)
  void preloadViewFor(location.pathname)
    .catch(() => undefined)
    .then(() => startTransition(() => void hydrateRoot(root, app)));
else createRoot(root).render(app);
