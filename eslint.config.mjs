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
    // react-hook-form's controller objects carry a ref, which the React Compiler rules read as a ref
    // accessed during render; the library is documented as incompatible with the compiler, which this
    // project does not use. Scoped to the form components.
    files: ['components/forms/**', 'components/pir/**'],
    rules: { 'react-hooks/refs': 'off', 'react-hooks/incompatible-library': 'off' },
  },
]);
