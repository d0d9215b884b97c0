/**
 * Toggles between the light and dark themes (src/browser/runtime/theme-toggle.ts gives it its click and,
 * from the labels it carries in the page's language, the label of what it switches to).
 */
import { Tooltip } from '@/ui/components/ui/Tooltip';
import { useUi } from '@/ui/i18n/ui';

export function ThemeToggle() {
  const { strings } = useUi();
  // Until the runtime knows the theme in use, the label names the action without it. The tooltip
  // replaces a title attribute, which would show a second, browser-drawn tooltip.
  return (
    <Tooltip content={strings.shell.themeToggle}>
      <button
        type="button"
        className="icon-button"
        data-theme-toggle
        data-to-dark={strings.shell.toDarkTheme}
        data-to-light={strings.shell.toLightTheme}
        aria-label={strings.shell.themeToggle}
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
    </Tooltip>
  );
}
