import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// ARCHITECTURE §3 boundaries, checked through the project's real ESLint config.
const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-globals').map((m) => m.message);
}

describe('folder boundaries (npm run lint)', () => {
  it.each([
    ['shared/domain/x.ts', "import { readFile } from 'node:fs';\nexport const f = readFile;\n"],
    ['shared/domain/x.ts', "import path from 'path';\nexport const f = path;\n"],
    ['shared/domain/x.ts', "import { useState } from 'react';\nexport const f = useState;\n"],
    ['shared/domain/x.ts', "import { app } from 'electron';\nexport const f = app;\n"],
    ['shared/domain/x.ts', 'export const f = () => window.location;\n'],
    ['electron/services/x.ts', "import { safeStorage } from 'electron';\nexport const f = safeStorage;\n"],
    ['electron/web/x.ts', "import { app } from 'electron';\nexport const f = app;\n"],
    ['electron/sandbox/x.ts', "import { app } from 'electron';\nexport const f = app;\n"],
    ['electron/services/x.ts', "import { db } from '../../renderer/src/data/db';\nexport const f = db;\n"],
    ['renderer/src/x.ts', "import { readFile } from 'node:fs/promises';\nexport const f = readFile;\n"],
    ['renderer/src/x.ts', "import { ipcRenderer } from 'electron';\nexport const f = ipcRenderer;\n"],
    ['renderer/src/x.ts', "import { createGateway } from '../../electron/services/gateway';\nexport const f = createGateway;\n"],
    ['shared/bridge/x.ts', "import { createGateway } from '../../electron/services/gateway';\nexport const f = createGateway;\n"],
    ['shared/bridge/x.ts', "import { db } from '../../renderer/src/data/db';\nexport const f = db;\n"],
    ['renderer/src/x.ts', "import { ipcMain } from 'electron/main';\nexport const f = ipcMain;\n"],
    ['renderer/src/x.ts', "import { readFile } from 'fs/promises';\nexport const f = readFile;\n"],
    // The shells pass the demo sandboxes in: nothing in electron/services imports electron/sandbox.
    ['electron/services/x.ts', "import { startSandbox } from '../sandbox';\nexport const f = startSandbox;\n"],
    ['electron/services/accounts/x.ts', "import { DEMO_SHOP } from '../../sandbox/retail';\nexport const f = DEMO_SHOP;\n"],
    ['electron/services/accounts/x.ts', "import type { RunningSandbox } from '../../sandbox/server';\nexport type F = RunningSandbox;\n"],
  ])('%s: forbidden import is an error', async (file, code) => {
    expect(await restrictedImports(file, code)).not.toEqual([]);
  });

  it.each([
    ['shared/domain/x.ts', "import { z } from 'zod';\nexport const f = z;\n"],
    ['renderer/src/x.ts', "import { bridgeOperations } from '../../shared/bridge';\nexport const f = bridgeOperations;\n"],
    ['electron/services/x.ts', "import { readFile } from 'node:fs/promises';\nexport const f = readFile;\n"],
    ['electron/main/x.ts', "import { app } from 'electron';\nexport const f = app;\n"],
    // Our own folders named like Node built-ins are not Node built-ins.
    ['renderer/src/x.ts', "import { money } from '../../shared/domain/money';\nexport const f = money;\n"],
    ['renderer/src/x.ts', "import { on } from './events';\nexport const f = on;\n"],
    ['renderer/src/bridge/x.ts', "import { h } from './http';\nexport const f = h;\n"],
    ['shared/bridge/x.ts', "import { d } from '../domain/util';\nexport const f = d;\n"],
    ['electron/sandbox/x.ts', "import { s } from './routes/rooms';\nexport const f = s;\n"],
    // The shells may start the sandbox; a service's test fixture may too.
    ['electron/web/x.ts', "import { demoSandboxes } from '../sandbox/demo';\nexport const f = demoSandboxes;\n"],
    ['electron/services/x.test.ts', "import { startSandbox } from '../sandbox';\nexport const f = startSandbox;\n"],
  ])('%s: allowed import passes', async (file, code) => {
    expect(await restrictedImports(file, code)).toEqual([]);
  });
});
