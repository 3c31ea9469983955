/**
 * TEST ONLY: `node --import tsx server/testing/main-with-faults.ts --faults SPEC [serve options]`: the
 * server of main.ts with /be requests failing on purpose (FAULTS=SPEC works too). For browser tests
 * run by hand and for showing the app's failure paths; never a way to run the server for real.
 */
import { FAULT_SPEC_HELP, FaultInjector, FaultSpecError, describeFaults, parseFaultSpec } from './faults';
import { jsonLogger } from '../http/log';
import { SERVE_USAGE } from '../config';
import { runServe } from '../serve';

const USAGE = `Usage: node --import tsx server/testing/main-with-faults.ts --faults SPEC [options of npm run serve]

  --faults SPEC  make /be requests fail on purpose (FAULTS), SPEC =
                 ${FAULT_SPEC_HELP}
                 e.g. "rate=0.3,modes=500+drop,paths=^/be/offline-api/,seed=42"

${SERVE_USAGE}`;

function usage(message: string): never {
  console.error(`error: ${message}\n\n${USAGE}`);
  process.exit(2);
}

async function main(argv: string[]) {
  // --faults is this entry's; everything else goes to the server's own options.
  const rest: string[] = [];
  let flag: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--faults') flag = argv[++i] ?? '';
    else if (a.startsWith('--faults=')) flag = a.slice('--faults='.length);
    else rest.push(a);
  }
  const spec = flag ?? process.env.FAULTS;
  if (spec === undefined || spec.trim() === '') usage('--faults SPEC is required (this entry exists for it)');
  let faults: FaultInjector;
  try {
    faults = new FaultInjector(jsonLogger(), parseFaultSpec(spec));
  } catch (e) {
    if (e instanceof FaultSpecError) usage(`--faults: ${e.message}`);
    throw e;
  }
  await runServe(rest, {
    options: { intercept: faults.middleware() },
    notice: [`FAULT INJECTION ON: ${describeFaults(faults.get()!)}`, '  /be requests fail on purpose (tests only): never use this in production'],
  });
}

main(process.argv.slice(2)).catch((e: unknown) => {
  console.error('failed to start:', e);
  process.exit(1);
});
