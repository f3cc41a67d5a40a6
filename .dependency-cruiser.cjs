/**
 * Architecture rules `npm run lint` enforces (issue 14, docs/architecture.md):
 * - domain/ is plain TypeScript: no framework, ORM, queue or HTTP library;
 * - no import cycles anywhere in the backend;
 * - a module's domain/ and application/ do not reach into another module's infrastructure/ or http/;
 * - a module is used from outside only through its public surface, its index.ts;
 * - modules and the shared kernel never import the server's pages (web/): web/ asks them (issue 38);
 * - the creator module never imports its read side, the directory module (issue 38, decision 0970);
 * - each front end is its own tree (issue 38): the public site and the console share code only
 *   through common/, never each other's files or the backend's; common/ imports none of them.
 * One file for every tree: `npm run lint` runs it on each with that tree's tsconfig (its aliases).
 */
/** Each front end and what it may not import. */
const OWN_TREES = [
  ['public-site', '(backend|admin-console)'],
  ['admin-console', '(backend|public-site)'],
  ['common', '(backend|public-site|admin-console)'],
];
const FRAMEWORKS = 'node_modules/(@nestjs|@mikro-orm|fastify|@fastify|bullmq|ioredis|pg|nodemailer|sharp|@aws-sdk|prom-client|pino)/';

module.exports = {
  forbidden: [
    {
      name: 'domain-is-plain',
      severity: 'error',
      comment: 'Domain code holds the rules only; frameworks belong to application/ and infrastructure/.',
      from: { path: '^backend/src/modules/[^/]+/domain/' },
      to: { path: FRAMEWORKS, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'domain-depends-on-nothing-outer',
      severity: 'error',
      comment: 'domain/ may not import application/, infrastructure/ or http/ of any module.',
      from: { path: '^backend/src/modules/[^/]+/domain/' },
      to: { path: '^backend/src/modules/[^/]+/(application|infrastructure|http)/' },
    },
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'Import cycles make modules inseparable.',
      from: { path: '^(backend|public-site|admin-console|common)/src/' },
      to: { circular: true },
    },
    {
      name: 'core-not-into-other-modules-adapters',
      severity: 'error',
      comment: "A module's domain and application code never use another module's adapters (infrastructure/, http/).",
      from: { path: '^backend/src/modules/([^/]+)/(domain|application)/' },
      to: { path: '^backend/src/modules/([^/]+)/(infrastructure|http)/', pathNot: '^backend/src/modules/$1/' },
    },
    {
      name: 'modules-only-through-their-public-surface',
      severity: 'error',
      comment: "Another module's files are its own business: import what its index.ts exports.",
      from: { path: '^backend/src/modules/([^/]+)/' },
      to: { path: '^backend/src/modules/[^/]+/', pathNot: ['^backend/src/modules/$1/', '^backend/src/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'app-uses-modules-through-their-public-surface',
      severity: 'error',
      comment: 'The composition root, CLI and seeds use a module through its index.ts too.',
      from: { path: '^backend/src/', pathNot: '^backend/src/modules/' },
      to: { path: '^backend/src/modules/[^/]+/', pathNot: '^backend/src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'writes-never-import-their-read-side',
      severity: 'error',
      comment:
        'The directory reads the creator module\'s tables and answers its port (ListedProfiles); the creator module never imports it (decision 0970).',
      from: { path: '^backend/src/modules/creator/' },
      to: { path: '^backend/src/modules/directory/' },
    },
    {
      name: 'modules-not-into-the-pages',
      severity: 'error',
      comment: 'The server-drawn pages (web/) are assembled from the modules\' answers; a module or the shared kernel never depends on them.',
      from: { path: '^backend/src/(modules|shared)/' },
      to: { path: '^backend/src/web/' },
    },
    ...OWN_TREES.map(([tree, others]) => ({
      name: `${tree}-is-its-own-tree`,
      severity: 'error',
      comment: `${tree}/ uses its own files${tree === 'common' ? '' : ' and common/'} only.`,
      from: { path: `^${tree}/` },
      to: { path: `^${others}/` },
    })),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'backend/tsconfig.json' },
    exclude: { path: '(\\.spec\\.tsx?$|^backend/test/)' },
  },
};
