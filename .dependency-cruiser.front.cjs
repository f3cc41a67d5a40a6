/**
 * The front ends' rules `npm run lint` enforces (issue 38): each app is its own tree. The public
 * site and the admin console share code only through common/ (@local-creators/common), never each
 * other's files or the backend's; common/ depends on none of them; no import cycles.
 * Run once per app with that app's tsconfig (its path aliases): see package.json's lint.
 */
module.exports = {
  forbidden: [
    {
      name: 'site-is-its-own-tree',
      severity: 'error',
      comment: 'The public site uses its own files and common/ only.',
      from: { path: '^public-site/' },
      to: { path: '^(backend|admin-console)/' },
    },
    {
      name: 'console-is-its-own-tree',
      severity: 'error',
      comment: 'The admin console uses its own files and common/ only.',
      from: { path: '^admin-console/' },
      to: { path: '^(backend|public-site)/' },
    },
    {
      name: 'common-stands-alone',
      severity: 'error',
      comment: 'common/ is shared by every app, so it imports none of them.',
      from: { path: '^common/' },
      to: { path: '^(backend|public-site|admin-console)/' },
    },
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'Import cycles make parts inseparable.',
      from: { path: '^(public-site|admin-console|common)/src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    exclude: { path: '(\\.spec\\.tsx?$|/dist/)' },
  },
};
