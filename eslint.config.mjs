import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

// Parts of the product (README "Layout"). A feature (features/<f>: its screens, its pure model, its data
// modules) may use shared parts and lib/, never another feature; shared parts never use a feature or the
// shell; lib/ and the server never use components or features; the pure folders hold no React and no I/O.
const FEATURES = ['reports', 'inspection', 'vessel', 'calendar', 'export', 'session'];
const SHARED = ['ui', 'shared', 'forms', 'processes', 'report', 'pdf'];
const PURE = ['contract', 'lifecycle', 'inspection', 'format', 'async', 'errors', 'routes', 'ui', 'hash'];
// Pure modules in folders that also hold I/O: held to the pure rules, so a feature's model may use them.
const PURE_MODULES = ['reports/groups', 'reports/merge', 'reports/remote-files', 'reports/today', 'media/attachment-pdf', 'clock/server-clock', 'clock/now'];
const zones = [
  ...FEATURES.map((f) => ({
    target: `./features/${f}`,
    from: FEATURES.filter((g) => g !== f).map((g) => `./features/${g}`),
    message: 'features do not use each other: move what both need to lib/ or a shared components folder (components/report, shared, …)',
  })),
  ...SHARED.map((s) => ({
    target: `./components/${s}`,
    from: ['./features', './components/app'],
    message: 'a shared part does not use a feature or the app shell',
  })),
  { target: './lib', from: ['./components', './features', './app'], message: 'lib/ holds no components and uses no feature' },
  { target: './server', from: ['./components', './features', './app'], message: 'the server uses the contract and pure lib/ modules only' },
];
const IO_MODULES = ['react', 'react-dom', 'next', 'next/*', 'next-intl', 'idb', 'idb-keyval', 'ky', '@tanstack/*', 'sonner'];
const IO_LIB = ['local-data', 'api', 'session', 'store', 'query', 'hooks', 'app', 'storage', 'workers', 'tasks', 'reports', 'media', 'reference-data', 'clock'];

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores(['.next/**', 'out/**', 'data/**', 'node_modules/**', 'next-env.d.ts', 'test-results/**', 'playwright-report/**', 'bench/.data/**']),
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Pages are statically exported: next/image optimisation is off (images.unoptimized).
      '@next/next/no-img-element': 'off',
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'import/no-restricted-paths': ['error', { zones }],
    },
  },
  {
    files: [...PURE.map((d) => `lib/${d}/**`), ...PURE_MODULES.map((m) => `lib/${m}.ts`), 'features/*/model/**'],
    ignores: ['lib/**/*.worker.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: IO_MODULES, message: 'a pure module (README "Layout") uses no React, no storage and no network' },
            {
              group: [
                ...IO_LIB.flatMap((d) => [`@/lib/${d}/*`, `../${d}/*`]),
                ...PURE_MODULES.map((m) => `!@/lib/${m}`),
                '@/components/*',
                '@/features/*/components/*',
                '@/features/*/data/*',
                '../data/*',
                '../../data/*',
              ],
              message: 'a pure module (README "Layout") uses only pure modules',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'sessionStorage', 'indexedDB', 'navigator', 'fetch'],
    },
  },
  {
    // react-hook-form's controller objects carry a ref, which the React Compiler rules read as a ref
    // accessed during render; the library is documented as incompatible with the compiler, which this
    // project does not use. Scoped to the form components.
    files: ['components/forms/**', 'features/inspection/components/**'],
    rules: { 'react-hooks/refs': 'off', 'react-hooks/incompatible-library': 'off' },
  },
]);
