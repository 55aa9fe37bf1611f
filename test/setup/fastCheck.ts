// Vitest setup file (vitest.config.ts `setupFiles`): one seed for every fast-check property and
// sample, set here and nowhere else. A failing property's message carries `{ seed, path }`; run
// `FC_SEED=<seed> npx vitest run <file> -t "<test name>"` to see it again.
import fc from 'fast-check';
import { FC_SEED } from './fcSeed';

fc.configureGlobal({ seed: FC_SEED });
