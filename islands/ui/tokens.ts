/**
 * Hearth's design tokens as CSS variables, light and dark (the `dark` class on <html>).
 * Colours are "r g b" triples so utilities can add opacity. Every text/background pair used
 * meets WCAG AA (4.5:1) in both themes; islands/ui/tokens.test.ts checks the pairs.
 */
export const TOKENS = {
  light: {
    background: '250 248 245', // warm near-white
    foreground: '28 25 23',
    surface: '255 255 255', // cards, menus, dialogs, bars
    muted: '241 238 234',
    'muted-foreground': '87 83 78',
    accent: '194 65 12', // ember #c2410c: white text 5.2:1
    'accent-foreground': '255 255 255',
    'accent-soft': '255 237 213',
    'accent-text': '154 52 18', // accent used as text on the surfaces
    destructive: '185 28 28',
    'destructive-foreground': '255 255 255',
    'destructive-text': '185 28 28',
    border: '231 226 220',
    input: '214 208 202',
    ring: '194 65 12',
  },
  dark: {
    background: '23 20 18', // deep warm charcoal
    foreground: '245 242 238',
    surface: '35 31 28',
    muted: '48 43 39',
    'muted-foreground': '176 168 160',
    accent: '194 65 12',
    'accent-foreground': '255 255 255',
    'accent-soft': '67 30 14',
    'accent-text': '251 146 60',
    destructive: '185 28 28',
    'destructive-foreground': '255 255 255',
    'destructive-text': '248 113 113',
    border: '58 52 48',
    input: '72 65 60',
    ring: '251 146 60',
  },
} as const;

export type ColorToken = keyof typeof TOKENS.light;

/** The pairs screens actually put together: [text, background]. */
export const TEXT_PAIRS: [ColorToken, ColorToken][] = [
  ['foreground', 'background'],
  ['foreground', 'surface'],
  ['foreground', 'muted'],
  ['muted-foreground', 'background'],
  ['muted-foreground', 'surface'],
  ['muted-foreground', 'muted'],
  ['accent-foreground', 'accent'],
  ['accent-text', 'background'],
  ['accent-text', 'surface'],
  ['accent-text', 'accent-soft'],
  ['foreground', 'accent-soft'],
  ['destructive-foreground', 'destructive'],
  ['destructive-text', 'background'],
  ['destructive-text', 'surface'],
];

const SHAPE = {
  'radius-sm': '0.375rem',
  radius: '0.5rem', // controls
  'radius-lg': '0.75rem', // cards
  'font-sans': 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif',
  'font-mono': 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  'text-xs': '0.75rem',
  'text-sm': '0.875rem',
  'text-base': '1rem',
  'text-lg': '1.25rem',
  'text-xl': '1.5rem',
  'text-2xl': '2rem',
  'space-unit': '0.25rem',
  'sidebar-width': '16rem',
  'player-height': '4rem',
};

const declarations = (vars: Record<string, string>) =>
  Object.entries(vars)
    .map(([name, value]) => `--${name}:${value};`)
    .join('');

/** The stylesheet part: tokens, base element styles, motion that respects reduced-motion. */
export const tokensCss = `
:root{${declarations(SHAPE)}${declarations(TOKENS.light)}color-scheme:light}
.dark{${declarations(TOKENS.dark)}color-scheme:dark}
html{font-family:var(--font-sans);-webkit-tap-highlight-color:transparent}
body{background:rgb(var(--background));color:rgb(var(--foreground));font-size:var(--text-base);-webkit-font-smoothing:antialiased}
:focus-visible{outline:2px solid rgb(var(--ring));outline-offset:2px}
.icon{display:inline-block;vertical-align:middle;flex-shrink:0;width:1em;height:1em}
@keyframes ui-fade-in{from{opacity:0}}
@keyframes ui-fade-out{to{opacity:0}}
@keyframes ui-pop-in{from{opacity:0;transform:scale(.96)}}
@keyframes ui-pop-out{to{opacity:0;transform:scale(.96)}}
@keyframes ui-slide-in-left{from{transform:translateX(-100%)}}
@keyframes ui-slide-out-left{to{transform:translateX(-100%)}}
@keyframes ui-slide-in-right{from{transform:translateX(100%)}}
@keyframes ui-slide-out-right{to{transform:translateX(calc(100% + 1rem))}}
.ui-fade[data-state=open]{animation:ui-fade-in .2s ease-out}
.ui-fade[data-state=closed]{animation:ui-fade-out .15s ease-in}
.ui-pop[data-state=open],.ui-pop[data-state=delayed-open]{animation:ui-pop-in .15s ease-out}
.ui-pop[data-state=closed]{animation:ui-pop-out .1s ease-in}
.ui-sheet-left[data-state=open]{animation:ui-slide-in-left .25s ease-out}
.ui-sheet-left[data-state=closed]{animation:ui-slide-out-left .2s ease-in}
.ui-toast[data-state=open]{animation:ui-slide-in-right .2s ease-out}
.ui-toast[data-state=closed]{animation:ui-slide-out-right .15s ease-in}
.ui-toast[data-swipe=move]{transform:translateX(var(--radix-toast-swipe-move-x))}
.ui-toast[data-swipe=cancel]{transform:translateX(0);transition:transform .2s ease-out}
.ui-toast[data-swipe=end]{animation:ui-slide-out-right .1s ease-out}
@media (prefers-reduced-motion:reduce){*:not(.animate-spin),::before,::after{animation-duration:.01ms!important;animation-iteration-count:1!important;transition-duration:.01ms!important;scroll-behavior:auto!important}}
`;
