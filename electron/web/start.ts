import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { runServe, UsageError } from './cli';

/**
 * `npm start`: the Electron shell when Electron's runtime is on this machine, else one line saying
 * so and the browser shell. We look for the binary ourselves: `require('electron')` would try to
 * download it, which cannot work offline.
 */
export function electronBinary(): string | null {
  try {
    const electronDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
    const pathFile = join(electronDir, 'path.txt');
    if (!existsSync(pathFile)) return null;
    const relative = readFileSync(pathFile, 'utf8').trim();
    const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
    const binary = override ? join(override, relative) : join(electronDir, 'dist', relative);
    return existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

function run(command: string, args: string[]): number {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  return result.status ?? 1;
}

async function main() {
  const argv = process.argv.slice(2);
  const bin = (name: string) => join('node_modules', '.bin', name);
  if (electronBinary()) {
    process.exit(run(bin('electron-vite'), ['preview', ...argv]));
  }
  console.log("Electron's runtime is not installed on this machine (it cannot be downloaded here), so Comanda starts in the browser shell instead.");
  const built = run(bin('electron-vite'), ['build', '--logLevel', 'warn']);
  if (built !== 0) process.exit(built);
  await runServe(argv);
}

main().catch((error: unknown) => {
  console.error(error instanceof UsageError ? error.message : error);
  process.exit(error instanceof UsageError ? 2 : 1);
});
