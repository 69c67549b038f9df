import type { UserConfig } from '@unocss/core';
import { presetWind3 } from '@unocss/preset-wind3';
import { readFileSync } from 'node:fs';
import { tokensCss } from './islands/ui/tokens.ts';

/** Tailwind's preflight: without it pages keep the browser's serif text and content-box inputs (docs/architecture.md). */
const resetCss = readFileSync(Bun.resolveSync('@unocss/reset/tailwind.css', import.meta.dir), 'utf8');

/**
 * An element with the `hidden` attribute stays hidden whatever display utility it carries (`grid`,
 * `flex`): the reset's own rule weighs as much as a class and comes first, so the utility would win.
 */
const hiddenWins = '[hidden]:where(:not([hidden="until-found"])) { display: none !important; }';

/** A token is an "r g b" triple, so utilities can add opacity: `bg-surface/80`. */
const token = (name: string) => `rgb(var(--${name}) / <alpha-value>)`;

/** UnoCSS for every page: the reset, the design tokens (islands/ui/tokens.ts) and utilities. Icons are inline SVG (islands/ui/icon.tsx). */
export const unoConfig: UserConfig = {
  presets: [presetWind3({ dark: 'class' })],
  preflights: [{ getCSS: () => resetCss }, { getCSS: () => hiddenWins }, { getCSS: () => tokensCss }],
  theme: {
    colors: {
      background: token('background'),
      foreground: token('foreground'),
      surface: token('surface'),
      muted: { DEFAULT: token('muted'), foreground: token('muted-foreground') },
      accent: { DEFAULT: token('accent'), foreground: token('accent-foreground'), soft: token('accent-soft'), text: token('accent-text') },
      destructive: { DEFAULT: token('destructive'), foreground: token('destructive-foreground'), text: token('destructive-text') },
      border: token('border'),
      input: token('input'),
      ring: token('ring'),
    },
    borderRadius: { sm: 'var(--radius-sm)', DEFAULT: 'var(--radius)', md: 'var(--radius)', lg: 'var(--radius-lg)', xl: 'var(--radius-lg)' },
    fontFamily: { sans: 'var(--font-sans)', mono: 'var(--font-mono)' },
    // The type scale of docs/look-and-feel.md: 12, 14, 16, 20, 24, 32 px.
    fontSize: {
      xs: ['var(--text-xs)', '1rem'],
      sm: ['var(--text-sm)', '1.25rem'],
      base: ['var(--text-base)', '1.5rem'],
      lg: ['var(--text-lg)', '1.75rem'],
      xl: ['var(--text-xl)', '2rem'],
      '2xl': ['var(--text-2xl)', '2.5rem'],
    },
  },
  shortcuts: {
    muted: 'text-muted-foreground',
    focusable: 'outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
  },
};
