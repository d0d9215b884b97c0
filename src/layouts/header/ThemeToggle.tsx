/** Toggles between the light and dark themes. */
import { useEffect, useState } from 'react';
import { resolveTheme, setThemeChoice, type Theme } from '@/theme/theme';

export function ThemeToggle() {
  // Unknown until hydrated: the pre-rendered HTML is the same for every visitor.
  const [theme, setTheme] = useState<Theme | null>(null);
  // oxlint-disable-next-line react/set-state-in-effect -- read after hydration on purpose
  useEffect(() => setTheme(resolveTheme()), []);
  const next: Theme = theme === 'dark' ? 'light' : 'dark';
  const toggle = () => {
    const current = theme ?? resolveTheme();
    const target: Theme = current === 'dark' ? 'light' : 'dark';
    setThemeChoice(target);
    setTheme(target);
  };
  return (
    <button
      type="button"
      className="icon-button"
      onClick={toggle}
      aria-label={theme ? `Switch to ${next} theme` : 'Switch colour theme'}
      title={theme ? `Switch to ${next} theme` : 'Switch colour theme'}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" className="icon-moon">
        <path fill="currentColor" d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8Z" />
      </svg>
      <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" className="icon-sun">
        <circle cx="12" cy="12" r="4.5" fill="currentColor" />
        <path
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4"
        />
      </svg>
    </button>
  );
}
