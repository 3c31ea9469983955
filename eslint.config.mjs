import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores(['.next/**', 'out/**', 'data/**', 'node_modules/**', 'next-env.d.ts', 'test-results/**', 'playwright-report/**', 'bench/.data/**']),
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Pages are statically exported: next/image optimisation is off (images.unoptimized).
      '@next/next/no-img-element': 'off',
    },
  },
  {
    // The app's first scripts stay free of zod: schemas come through lib/contract/load.ts (or, in the
    // inspection forms, lib/contract/zod.ts, which sets zod up for the Content-Security-Policy).
    files: ['app/**', 'components/**', 'lib/**'],
    ignores: ['lib/contract/zod.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [{ name: 'zod', message: "Import z from '@/lib/contract/zod'.", allowTypeImports: true }] },
      ],
    },
  },
  {
    // react-hook-form's controller objects carry a ref, which the React Compiler rules read as a ref
    // accessed during render; the library is documented as incompatible with the compiler, which this
    // project does not use. Scoped to the form components.
    files: ['components/forms/**', 'components/pir/**'],
    rules: { 'react-hooks/refs': 'off', 'react-hooks/incompatible-library': 'off' },
  },
]);
