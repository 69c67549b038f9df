import type { UserConfig } from '@unocss/core';
import { presetWind3 } from '@unocss/preset-wind3';

/** UnoCSS for every page: Tailwind-compatible utilities, dark mode by a class on <html>. */
export const unoConfig: UserConfig = {
  presets: [presetWind3({ dark: 'class' })],
  shortcuts: {
    btn: 'inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium transition-colors disabled:opacity-50 disabled:cursor-not-allowed',
    'btn-primary': 'btn bg-orange-600 text-white hover:bg-orange-700',
    'btn-ghost': 'btn hover:bg-stone-200 dark:hover:bg-stone-800',
    'btn-outline': 'btn border border-stone-300 dark:border-stone-700 hover:bg-stone-100 dark:hover:bg-stone-800',
    input: 'w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-sm dark:border-stone-700 dark:bg-stone-900',
    card: 'rounded-xl border border-stone-200 bg-white p-6 shadow-sm dark:border-stone-800 dark:bg-stone-900',
    muted: 'text-stone-500 dark:text-stone-400',
    spinner: 'inline-block h-4 w-4 animate-spin rounded-full border-2 border-current border-r-transparent',
  },
};
