/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';

const swcTransform: Config['transform'] = {
  '^.+\\.[cm]?(t|j)sx?$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
        target: 'es2022',
      },
    },
  ],
};

/** Unit and component tests of the browser code (jsdom). Server tests run on node:test; browser tests on Playwright. */
const config: Config = {
  rootDir: '.',
  testEnvironment: '<rootDir>/jest/jsdom-with-fetch.cjs',
  roots: ['<rootDir>/shared/src', '<rootDir>/shell/src', '<rootDir>/remotes', '<rootDir>/packages/react/src', '<rootDir>/scripts'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  transform: swcTransform,
  moduleNameMapper: {
    '^@deck/shared/(.*)$': '<rootDir>/shared/src/$1',
    '\\.(woff2?|png|svg)$': '<rootDir>/jest/file-stub.cjs',
  },
  setupFilesAfterEnv: ['<rootDir>/jest/setup-tests.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  // These packages ship only ES modules; SWC turns them into CommonJS for Jest.
  transformIgnorePatterns: ['/node_modules/(?!(react-intl|@formatjs|intl-messageformat|tslib)/)'],
  // A hang guard, not a timing check: the heavier dialog tests take several seconds, and in `npm test` Jest runs at
  // a lower priority beside the browser tests (scripts/test.ts), where one can take many times that.
  testTimeout: 60_000,
  clearMocks: true,
  restoreMocks: true,
};

export default config;
