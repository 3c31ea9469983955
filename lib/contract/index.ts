import { z } from 'zod';

// No code generation: the app's Content-Security-Policy forbids eval, and zod would otherwise probe for it.
z.config({ jitless: true });

export * from './constants';
export * from './status';
export * from './entities';
export * from './reference';
export * from './api';
