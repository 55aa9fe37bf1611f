import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Features are leaves (docs/decisions.md, "Renderer layers"): the project's ESLint config refuses a
// feature importing another feature, and lets it import its own folder and the layers below.
const eslint = new ESLint({ cwd: process.cwd() });

async function crossFeature(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  const fatal = (result?.messages ?? []).filter((m) => m.fatal);
  expect(fatal, 'the example parses').toEqual([]);
  return (result?.messages ?? []).filter((m) => m.ruleId === 'comanda/no-feature-imports').map((m) => m.message);
}

describe('comanda/no-feature-imports', () => {
  it.each([
    ['a sibling feature', 'renderer/src/features/bill/x.ts', "import { a } from '../order/orderText';\nexport const f = a;\n"],
    ['a type from a sibling feature', 'renderer/src/features/bill/x.ts', "import type { A } from '../order/orderText';\nexport type F = A;\n"],
    ['a sibling feature from a subfolder', 'renderer/src/features/till/pay/x.tsx', "import { Modal } from '../../lock/Modal';\nexport const F = Modal;\n"],
    ['a re-export', 'renderer/src/features/bill/x.ts', "export { a } from '../order/orderText';\n"],
    ['a star re-export', 'renderer/src/features/bill/x.ts', "export * from '../order/orderText';\n"],
    ['a lazy import', 'renderer/src/features/bill/x.ts', "export const load = () => import('../reports/ReportsScreen');\n"],
    ['a detour through a layer', 'renderer/src/features/bill/x.ts', "import { a } from '../../session/../features/order/orderText';\nexport const f = a;\n"],
    ['a test importing a sibling', 'renderer/src/features/bill/x.test.ts', "import { a } from '../order/orderText';\nexport const f = a;\n"],
  ])('refuses %s', async (_, file, code) => {
    expect(await crossFeature(file, code)).toHaveLength(1);
  });

  it.each([
    ['its own folder', 'renderer/src/features/bill/x.ts', "import { a } from './billText';\nexport const f = a;\n"],
    ['its own folder from a subfolder', 'renderer/src/features/till/pay/x.ts', "import { a } from '../basketStore';\nexport const f = a;\n"],
    ['the ui layer', 'renderer/src/features/bill/x.tsx', "import { Modal } from '../../ui/Modal';\nexport const F = Modal;\n"],
    [
      'session, data, i18n and bridge',
      'renderer/src/features/bill/x.ts',
      "import { a } from '../../session/navigation';\nimport { b } from '../../data/db';\nimport { c } from '../../i18n/format';\nimport { d } from '../../bridge';\nexport const f = [a, b, c, d];\n",
    ],
    ['shared code', 'renderer/src/features/bill/x.ts', "import { money } from '../../../../shared/domain/money';\nexport const f = money;\n"],
    ['packages', 'renderer/src/features/bill/x.ts', "import { z } from 'zod';\nexport const f = z;\n"],
    [
      'app composing features (not a feature)',
      'renderer/src/app/x.ts',
      "import { a } from '../features/order/orderText';\nimport { b } from '../features/bill/billText';\nexport const f = [a, b];\n",
    ],
  ])('accepts %s', async (_, file, code) => {
    expect(await crossFeature(file, code)).toEqual([]);
  });
});
