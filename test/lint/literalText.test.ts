import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The project's ESLint config refuses a component that renders a hard-coded word.
const eslint = new ESLint({ cwd: process.cwd() });
const FILE = 'renderer/src/features/example/Example.tsx';

async function literalText(code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: FILE });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'comanda/no-literal-text').map((m) => m.message);
}

describe('comanda/no-literal-text', () => {
  it.each([
    ['JSX text', 'export const A = () => <p>Send order</p>;'],
    ['a string child', "export const A = () => <p>{'Send'}</p>;"],
    ['a template child', 'export const A = ({ n }: { n: number }) => <p>{`${n} tables`}</p>;'],
    ['a conditional child', "export const A = ({ ok }: { ok: boolean }) => <p>{ok ? 'Sent' : 'Queued'}</p>;"],
    ['an aria-label', 'export const A = () => <button aria-label="Close" />;'],
    ['a placeholder', "export const A = () => <input placeholder={'Search items'} />;"],
    ['a title template', 'export const A = ({ n }: { n: number }) => <span title={`Table ${n}`} />;'],
    ['a Catalan word', 'export const A = () => <p>Tanca</p>;'],
  ])('refuses %s', async (_, code) => {
    expect(await literalText(code)).toHaveLength(1);
  });

  it.each([
    [
      't() text',
      "import { useTranslation } from 'react-i18next';\nexport const A = () => { const { t } = useTranslation(); return <p title={t('close')}>{t('cancel')}</p>; };",
    ],
    ['symbols and numbers', 'export const A = ({ n }: { n: number }) => <p>× {n} · +1 — 12</p>;'],
    ['class names and ids', 'export const A = () => <p className="ticket-line" id="total" data-state="sent" />;'],
  ])('accepts %s', async (_, code) => {
    expect(await literalText(code)).toEqual([]);
  });
});
