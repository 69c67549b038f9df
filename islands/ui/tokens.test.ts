import { expect, test } from 'bun:test';
import { TEXT_PAIRS, TOKENS } from './tokens.ts';

/** WCAG 2.x relative luminance of an "r g b" triple. */
function luminance(rgb: string): number {
  const [r, g, b] = rgb.split(' ').map((part) => {
    const c = Number(part) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

test('the ember accent of old fails AA with white text; the tokens pass', () => {
  expect(contrast('234 88 12', '255 255 255')).toBeLessThan(4.5);
  expect(contrast(TOKENS.light.accent, TOKENS.light['accent-foreground'])).toBeGreaterThanOrEqual(4.5);
});

for (const theme of ['light', 'dark'] as const) {
  test(`every text/background pair meets WCAG AA (4.5:1) in the ${theme} theme`, () => {
    const failing = TEXT_PAIRS.map(([text, background]) => ({ text, background, ratio: contrast(TOKENS[theme][text], TOKENS[theme][background]) })).filter(
      (pair) => pair.ratio < 4.5,
    );
    expect(failing).toEqual([]);
  });
}
