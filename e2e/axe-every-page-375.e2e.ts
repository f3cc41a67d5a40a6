import { axeEveryPageAt } from './support/axe-every-page';

// Issue 13: axe on every public and console page, at 375 px (the pages: e2e/support/axe-every-page.ts).
axeEveryPageAt(375);
