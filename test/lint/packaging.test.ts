// The packaged app flips Electron's fuses and loads its code only from a
// checked ASAR. Packaging needs Electron's binary (not downloadable here), so this test reads the
// configuration instead: the real file, parsed, and then as electron-builder itself loads it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

const ROOT = process.cwd();
const CONFIG_FILE = 'electron-builder.json';

/** The fuses and their required values (README "Packaging" says what each one does). */
const REQUIRED_FUSES = {
  runAsNode: false,
  enableNodeOptionsEnvironmentVariable: false,
  enableNodeCliInspectArguments: false,
  enableCookieEncryption: true,
  enableEmbeddedAsarIntegrityValidation: true,
  onlyLoadAppFromAsar: true,
  // The renderer is served from app://, never file://; no custom V8 snapshot is shipped.
  grantFileProtocolExtraPrivileges: false,
  loadBrowserProcessSpecificV8Snapshot: false,
} as const;

const configSchema = z.looseObject({
  asar: z.literal(true),
  files: z.array(z.string()),
  electronFuses: z.strictObject(
    Object.fromEntries(Object.entries(REQUIRED_FUSES).map(([name, value]) => [name, z.literal(value)])) as Record<
      keyof typeof REQUIRED_FUSES,
      z.ZodLiteral<boolean>
    >,
  ),
});

function readConfig(): unknown {
  return JSON.parse(readFileSync(join(ROOT, CONFIG_FILE), 'utf8'));
}

/** Every problem with `config`, as `path: message` (empty when it is right). */
function problems(config: unknown): string[] {
  const parsed = configSchema.safeParse(config);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.') || 'top level'}: ${issue.message}`);
}

describe(`${CONFIG_FILE}`, () => {
  it('sets every fuse to its required value, with asar on, and packages only the build output', () => {
    const config = readConfig();
    expect(problems(config)).toEqual([]);
    expect((config as { files: string[] }).files).toEqual(['out/**', 'package.json']);
  });

  type Config = { asar?: unknown; electronFuses?: Record<string, unknown> };
  const spoilers: [string, (config: Config) => void][] = [
    ...Object.keys(REQUIRED_FUSES).map((fuse): [string, (config: Config) => void] => [`${fuse} missing`, (config) => void delete config.electronFuses?.[fuse]]),
    ...Object.entries(REQUIRED_FUSES).map(([fuse, value]): [string, (config: Config) => void] => [
      `${fuse} flipped`,
      (config) => void (config.electronFuses![fuse] = !value),
    ]),
    ['no fuses at all', (config) => void delete config.electronFuses],
    ['asar off', (config) => void (config.asar = false)],
    ['asar missing', (config) => void delete config.asar],
  ];

  it.each(spoilers)('the check refuses a configuration with %s', (_case, spoil) => {
    const config = readConfig() as Config;
    spoil(config);
    expect(problems(config)).not.toEqual([]);
  });

  it('is the configuration electron-builder loads (nothing shadows it), and its own schema accepts it', async () => {
    // electron-builder's own loader: a `build` key in package.json or an electron-builder.yml would win over the file.
    const require = createRequire(join(ROOT, 'package.json'));
    const builderConfig = require('app-builder-lib/out/util/config/config.js') as {
      getConfig(projectDir: string, configPath: string | null, configFromOptions: null): Promise<Record<string, unknown>>;
      validateConfiguration(config: unknown, debugLogger: { isEnabled: boolean; add(): void }): Promise<void>;
    };
    const loaded = await builderConfig.getConfig(ROOT, null, null);
    expect(loaded.electronFuses).toEqual(REQUIRED_FUSES);
    expect(loaded.asar).toBe(true);
    await builderConfig.validateConfiguration(loaded, { isEnabled: false, add: () => undefined });
  });
});
