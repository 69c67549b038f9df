import { useEffect, useState } from 'react';
import { writeLocal } from '../lib/local-setting.ts';
import { profileKey } from '../lib/profile-scope.ts';
import { Button } from '../ui/button.tsx';
import { Tooltip } from '../ui/tooltip.tsx';
import { iconMoon, iconSun } from '../../src/shared/lucide-icons.ts';
import { Icon } from '../ui/icon.tsx';

type Theme = 'light' | 'dark';

/** Theme: a class on <html>, saved per member and for the device; the inline head script restores it. */
export function ThemeToggle() {
  // Unknown until mounted, so the server HTML and the first client render agree.
  const [theme, setTheme] = useState<Theme | null>(null);
  useEffect(() => {
    setTheme(document.documentElement.classList.contains('dark') ? 'dark' : 'light');
  }, []);

  const toggle = () => {
    const next: Theme = document.documentElement.classList.contains('dark') ? 'light' : 'dark';
    document.documentElement.classList.toggle('dark', next === 'dark');
    // This member's theme, and the device's (the login page and members who never chose follow it).
    writeLocal(profileKey('theme'), next);
    writeLocal('theme', next);
    setTheme(next);
  };

  // Both icons are rendered and CSS shows the one for the current theme: no flash before mount.
  return (
    <Tooltip content="Toggle theme">
      <Button variant="ghost" size="icon" aria-label="Toggle theme" data-theme={theme ?? ''} onClick={toggle}>
        <Icon svg={iconMoon} className="text-xl dark:hidden" />
        <Icon svg={iconSun} className="hidden text-xl dark:inline-block" />
      </Button>
    </Tooltip>
  );
}
