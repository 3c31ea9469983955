import { z } from 'zod';

// No code generation: the app's Content-Security-Policy forbids eval, and zod would otherwise probe
// for it on its first parse. Every schema module imports z from here, so this runs before any parse.
z.config({ jitless: true });

export { z };
