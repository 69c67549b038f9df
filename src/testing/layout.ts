import type { Page } from 'playwright-core';

/** What a person would notice is broken about a page's layout; empty when nothing is. */
export interface LayoutReport {
  /** The first family of the body's and every control's computed font, when it is not the sans stack. */
  serifText: string[];
  /** Horizontal overflow of the document, in px. */
  overflowX: number;
  /** Controls (inputs, buttons, links, selects) that stick out of their card. */
  outsideCard: string[];
}

/** Measures the page as rendered: fonts, horizontal overflow, controls inside their cards. */
export function checkLayout(page: Page): Promise<LayoutReport> {
  return page.evaluate(() => {
    const describe = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 30)}"`;
    const serifText: string[] = [];
    for (const el of [document.body, ...document.querySelectorAll('h1, h2, p, input, button, a, label, select')]) {
      const family = getComputedStyle(el).fontFamily.split(',')[0]!.trim().replace(/"/g, '');
      if (family !== 'system-ui' && family !== 'ui-monospace') serifText.push(`${describe(el)}: ${family}`);
    }
    const outsideCard: string[] = [];
    for (const card of document.querySelectorAll('[data-slot="card"]')) {
      const box = card.getBoundingClientRect();
      for (const control of card.querySelectorAll('input:not([type=hidden]):not([aria-hidden=true]), button, select:not([aria-hidden=true]), a')) {
        const r = control.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) continue;
        if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5) {
          outsideCard.push(describe(control));
        }
      }
    }
    return { serifText: [...new Set(serifText)].slice(0, 5), overflowX: document.documentElement.scrollWidth - window.innerWidth, outsideCard };
  });
}

/** The layout report a clean page gives. */
export const CLEAN_LAYOUT: LayoutReport = { serifText: [], overflowX: 0, outsideCard: [] };
