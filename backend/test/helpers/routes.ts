import type { TestApp } from './test-app';

/** "METHOD /api/path" for every API route the running app registers. */
export function registeredRoutes(t: TestApp): string[] {
  return [...new Set(t.routes)].filter((r) => r.includes(' /api/') && !r.includes('/api/docs'));
}
