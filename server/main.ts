/** `npm run serve`: node --import tsx server/main.ts [--port 3000] [--host 127.0.0.1] [--data ./data] [--static ./out] [--token-ttl 3600] [--faults SPEC] */
import { runServe } from './serve';

runServe(process.argv.slice(2)).catch((e: unknown) => {
  console.error('failed to start:', e);
  process.exit(1);
});
