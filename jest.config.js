/**
 * Every jest suite of the repository. `npm test` runs them all (scripts/test.mjs):
 *  - unit:    pure rules beside the code (common, backend domain/application, admin-console helpers)
 *  - component: public-site components rendered to HTML
 *  - api:     the backend over HTTP against real PostgreSQL, Redis and SMTP (backend/test)
 *  - browser: journeys through the built product in Chromium (e2e/)
 */
// Each file compiled alone: the tsconfigs given here set `isolatedModules`, which ts-jest follows.
const tsJest = (tsconfig) => ['ts-jest', { tsconfig, diagnostics: false }];
// ES-module-only packages our CommonJS code requires (decision 0410). On Node >= 24.9 Jest loads
// them through require(esm), with VM modules on (.npmrc); on Node 22 they are compiled to CommonJS.
const [nodeMajor, nodeMinor] = process.versions.node.split('.').map(Number);
const jestRequiresEsm = nodeMajor > 24 || (nodeMajor === 24 && nodeMinor >= 9);
const esmOnly = ['content-disposition'];
const common = {
  moduleNameMapper: { '^@local-creators/common$': '<rootDir>/common/src/index.ts' },
  rootDir: __dirname,
  ...(jestRequiresEsm ? {} : { transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`] }),
};
const esmToCommonJs = jestRequiresEsm
  ? {}
  : { [`/node_modules/(${esmOnly.join('|')})/.+\\.js$`]: ['ts-jest', { tsconfig: { allowJs: true, module: 'commonjs', isolatedModules: true }, diagnostics: false }] };

module.exports = {
  testTimeout: 30_000,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/common/src/**/*.spec.ts', '<rootDir>/backend/src/**/*.spec.ts', '<rootDir>/admin-console/src/**/*.spec.ts', '<rootDir>/public-site/src/**/*.spec.ts'],
      transform: { ...esmToCommonJs, '^.+\\.tsx?$': tsJest('<rootDir>/backend/tsconfig.jest.json') },
    },
    {
      // The public site's components rendered to HTML (react-dom/server): what a reader and a screen
      // reader get, without a browser.
      ...common,
      displayName: 'component',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/public-site/src/**/*.spec.tsx'],
      moduleNameMapper: { ...common.moduleNameMapper, '^@/(.*)$': '<rootDir>/public-site/src/$1' },
      transform: { '^.+\\.tsx?$': tsJest('<rootDir>/public-site/tsconfig.json') },
    },
    {
      ...common,
      displayName: 'api',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/backend/test/**/*.spec.ts'],
      transform: { ...esmToCommonJs, '^.+\\.tsx?$': tsJest('<rootDir>/backend/tsconfig.jest.json') },
      globalSetup: '<rootDir>/backend/test/helpers/global-setup.ts',
      globalTeardown: '<rootDir>/backend/test/helpers/global-teardown.ts',
      slowTestThreshold: 20,
    },
    {
      ...common,
      displayName: 'browser',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/e2e/**/*.e2e.ts'],
      transform: { ...esmToCommonJs, '^.+\\.tsx?$': tsJest('<rootDir>/backend/tsconfig.jest.json') },
      globalSetup: '<rootDir>/e2e/support/global-setup.ts',
      globalTeardown: '<rootDir>/e2e/support/global-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/e2e/support/journey-timeout.ts'],
    },
  ],
};
