import { afterEach, expect, test } from 'bun:test';
import { cleanup, render, screen } from '@testing-library/react';
import { iconAudioLines, iconSettings } from '../../src/shared/lucide-icons.ts';
import { Icon } from './icon.tsx';

afterEach(cleanup);

test('an icon is an inline, decorative SVG of the Lucide markup, sized by the icon rule and its classes', () => {
  const { container } = render(<Icon svg={iconSettings} className="text-xl" />);
  const svg = container.querySelector('svg')!;
  expect(svg.getAttribute('aria-hidden')).toBe('true');
  expect(svg.getAttribute('viewBox')).toBe('0 0 24 24');
  expect(svg.getAttribute('class')).toBe('icon text-xl');
  // The markup as Lucide draws it: the gear's outline and hub, stroked in the text's colour.
  expect(svg.querySelector('path')!.getAttribute('d')).toBe(iconSettings.match(/ d="([^"]+)"/)![1]!);
  expect(svg.querySelector('circle')!.getAttribute('r')).toBe('3');
  expect(svg.querySelector('g')!.getAttribute('stroke')).toBe('currentColor');
});

test('an icon given a label is an image with that name', () => {
  render(<Icon svg={iconAudioLines} label="Now playing" />);
  expect(screen.getByRole('img', { name: 'Now playing' }).tagName.toLowerCase()).toBe('svg');
});
