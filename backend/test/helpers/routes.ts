import type { TestApp } from './test-app';

/** "METHOD /api/path" for every API route the running app registers (Express's router). */
export function registeredRoutes(t: TestApp): string[] {
  const router = t.app.getHttpAdapter().getInstance().router ?? t.app.getHttpAdapter().getInstance()._router;
  const routes: string[] = [];
  for (const layer of router.stack as { route?: { path: string; methods: Record<string, boolean> } }[]) {
    if (!layer.route) continue;
    for (const method of Object.keys(layer.route.methods)) {
      if (method === '_all') continue;
      routes.push(`${method.toUpperCase()} ${layer.route.path}`);
    }
  }
  return [...new Set(routes)].filter((r) => r.includes(' /api/') && !r.includes('/api/docs') && !r.includes('{*')); // {*all}: Nest's 404 catch-all
}
