// @vitest-environment node
// The lint rule for words written in JSX (eslint.config.js, TRANSLATED; decision 0245) fails on text, labels and
// {'…'} in a translated file, passes t() calls, the product's name and attribute values that are not words on screen,
// and leaves files not yet translated alone.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

async function literalTextErrors(file: string, code: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').length;
}

const TRANSLATED_FILE = 'apps/web/src/features/auth/literal-text-fixture.tsx';

// The first lint loads the config and the TypeScript parser: seconds on a loaded machine, so these tests wait longer.
describe('no user-facing literal text in translated JSX', { timeout: 60_000 }, () => {
  it('refuses text, a placeholder, an aria-label and a literal between tags', async () => {
    expect(await literalTextErrors(TRANSLATED_FILE, 'export const A = () => <p>Sign in</p>;\n')).toBe(1);
    expect(await literalTextErrors(TRANSLATED_FILE, 'export const A = () => <input placeholder="Email" aria-label="Email" />;\n')).toBe(2);
    expect(await literalTextErrors(TRANSLATED_FILE, "export const A = ({ busy }: { busy: boolean }) => <b>{busy ? 'Saving...' : 'Save'}</b>;\n")).toBe(2);
  });

  it('passes messages from the catalogs, the product name and attribute values that are not words', async () => {
    const code = "declare const t: (k: string) => string;\nexport const A = ({ on }: { on: boolean }) => <a href={on ? '/appointments' : '/login'} className=\"link\">{t('auth.email')} <span>Kalinga</span></a>;\n";
    expect(await literalTextErrors(TRANSLATED_FILE, code)).toBe(0);
  });

  it('leaves a file outside the translated list alone (the list grows to the whole app)', async () => {
    expect(await literalTextErrors('apps/web/src/features/reports/literal-text-fixture.tsx', 'export const A = () => <p>Sign in</p>;\n')).toBe(0);
  });
});
