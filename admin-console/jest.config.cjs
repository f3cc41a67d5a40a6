/** The console's pure rules: `npx jest -c admin-console/jest.config.cjs` from the root, or `npx jest` in admin-console (the root `npm test` runs them too, in its unit project). */
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
  moduleNameMapper: { '^@local-creators/common$': '<rootDir>/../common/src/index.ts' },
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { diagnostics: false, tsconfig: { module: 'commonjs', target: 'ES2022', esModuleInterop: true, jsx: 'react-jsx', isolatedModules: true } }],
  },
};
