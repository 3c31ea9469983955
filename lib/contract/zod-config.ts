import { config } from 'zod';

// No code generation: the app's Content-Security-Policy forbids eval, and zod would otherwise probe
// for it on its first parse. Every module that imports zod imports this module first
// (tests/unit/zod-config.test.ts checks), so this runs before any schema exists.
config({ jitless: true });
