/**
 * Jest projects: unit (pure), integration (handlers against DynamoDB Local), e2e (HTTP against
 * the dev server), infra (CDK template assertions), and timing (tests of rates under a load they
 * make themselves; `npm test` runs them after the others, so other files never share the machine
 * with them). One global setup starts DynamoDB Local for the run; each worker works in a table of
 * its own there (test/support/worker-table.ts).
 * @swc/jest transforms TypeScript and the ESM-only dependencies (@middy, fauxqs, jose) to CommonJS.
 */
const transform = {
  '^.+\\.(t|j)s$': [
    '@swc/jest',
    { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
  ],
};

const shared = {
  transform,
  transformIgnorePatterns: ['/node_modules/(?!(@middy|fauxqs|jose)/)'],
  moduleNameMapper: {
    '^fauxqs$': '<rootDir>/node_modules/fauxqs/dist/app.js',
    // The client package imports its own modules as the built `.js` files NodeNext needs.
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testEnvironment: 'node',
  setupFiles: ['<rootDir>/test/support/worker-table.ts'],
};

export default {
  // Generous for integration work on a loaded 2-core machine; speed is measured by `npm run bench`.
  testTimeout: 30_000,
  // One worker per core: the files are mostly CPU-bound here (DynamoDB Local, the SDK, the handlers),
  // so a third worker only slows every file (decisions §69; the times measured: CHANGELOG.md, issue 29).
  maxWorkers: 2,
  // Every file in a fresh worker (any worker is past 1 MB after a file): under --coverage, each file
  // a worker had run made its later files slower, unit files of 0.1 s taking 5–9 s (decisions §87).
  workerIdleMemoryLimit: '1MB',
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  reporters: ['default', '<rootDir>/test/support/file-times-reporter.js'],
  // `npm test` adds --coverage: line and branch coverage of the project's own code, as a summary.
  coverageProvider: 'v8',
  collectCoverageFrom: [
    '{bin,functions,lib,packages,scripts,shared}/**/*.ts',
    '!packages/*/src/generated/**',
    '!packages/*/dist/**',
  ],
  coverageReporters: ['text-summary'],
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['<rootDir>/test/unit/**/*.test.ts'] },
    { ...shared, displayName: 'integration', testMatch: ['<rootDir>/test/integration/**/*.test.ts'] },
    { ...shared, displayName: 'e2e', testMatch: ['<rootDir>/test/e2e/**/*.test.ts'] },
    { ...shared, displayName: 'infra', testMatch: ['<rootDir>/test/infra/**/*.test.ts'] },
    { ...shared, displayName: 'timing', testMatch: ['<rootDir>/test/timing/**/*.test.ts'] },
  ],
};
