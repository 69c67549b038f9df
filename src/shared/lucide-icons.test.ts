import { expect, test } from 'bun:test';
import lucideSet from '@iconify-json/lucide/icons.json' with { type: 'json' };
import * as icons from './lucide-icons.ts';

/** `iconSquareCheckBig` → `square-check-big`, `iconTrash2` → `trash-2`: the icon's Lucide name. */
const lucideName = (exported: string) =>
  exported
    .slice('icon'.length)
    .replace(/([a-z])([A-Z0-9])/g, '$1-$2')
    .replace(/([0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();

/** Lucide's markup for a name, following its renames (`history` is now `rotate-ccw-clock`). */
function markupOf(name: string): string | undefined {
  const all: Record<string, { body: string } | undefined> = lucideSet.icons;
  const renamed: Record<string, { parent: string } | undefined> = lucideSet.aliases;
  return (all[name] ?? all[renamed[name]?.parent ?? ''])?.body;
}

test("each icon is Lucide's own markup for its name", () => {
  const entries = Object.entries(icons);
  expect(entries.length).toBeGreaterThan(80);
  for (const [exported, markup] of entries) {
    const expected = markupOf(lucideName(exported));
    if (expected === undefined) throw new Error(`Lucide has no icon named "${lucideName(exported)}" (from ${exported})`);
    // A mismatch shows the line to paste into lucide-icons.ts.
    expect(`export const ${exported} = '${markup}';`).toBe(`export const ${exported} = '${expected}';`);
  }
});

test('every icon is drawn somewhere: an icon no code imports is removed', async () => {
  const sources = [...new Bun.Glob('{islands,routes,src}/**/*.{ts,tsx}').scanSync('.')].filter((file) => !file.endsWith('lucide-icons.ts') && !file.includes('.test.'));
  const code = (await Promise.all(sources.map((file) => Bun.file(file).text()))).join('\n');
  const unused = Object.keys(icons).filter((exported) => !new RegExp(`\\b${exported}\\b`).test(code));
  expect(unused).toEqual([]);
});
