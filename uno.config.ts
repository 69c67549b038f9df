import type { UserConfig } from '@unocss/core';
import { presetIcons } from '@unocss/preset-icons';
import { presetWind3 } from '@unocss/preset-wind3';
import { readFileSync } from 'node:fs';
import { tokensCss } from './islands/ui/tokens.ts';

/** Tailwind's preflight: without it pages keep the browser's serif text and content-box inputs (docs/architecture.md). */
const resetCss = readFileSync(Bun.resolveSync('@unocss/reset/tailwind.css', import.meta.dir), 'utf8');
const lucide = () => import('@iconify-json/lucide/icons.json').then((icons) => icons.default);

/** A token is an "r g b" triple, so utilities can add opacity: `bg-surface/80`. */
const token = (name: string) => `rgb(var(--${name}) / <alpha-value>)`;

/** UnoCSS for every page: the reset, the design tokens (islands/ui/tokens.ts), utilities and Lucide icons as pure CSS. */
export const unoConfig: UserConfig = {
  presets: [
    presetWind3({ dark: 'class' }),
    presetIcons({ collections: { lucide }, extraProperties: { display: 'inline-block', 'vertical-align': 'middle', 'flex-shrink': '0' } }),
  ],
  preflights: [{ getCSS: () => resetCss }, { getCSS: () => tokensCss }],
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
