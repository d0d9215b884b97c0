/**
 * `<Island name="ContactForm" />`: a component that acts in the browser, inside a page that is
 * otherwise static HTML. The page render leaves a placeholder and records the island; the
 * pre-render then renders each island on its own React root (src/browser/runtime/islands/render.tsx) and
 * the browser hydrates it on that same root, when its module's `hydrate` strategy says
 * (src/browser/runtime/islands/client.ts). Props must be JSON (they are written beside the island);
 * children become a static HTML slot the island can place with <IslandSlot />.
 */
import { createContext, use, type ReactNode } from 'react';
import { DEFAULT_LANGUAGE, languageOf } from '@/shared/i18n/languages';
import { usePathname } from '@/ui/router/location';

/** When the browser hydrates an island: after the page has loaded, when idle after that, when scrolled into view, or on first interaction. */
export type Hydrate = 'load' | 'idle' | 'visible' | 'interaction';

/** What a file in src/browser/islands/ exports. */
export interface IslandModule {
  default: (props: IslandProps) => ReactNode;
  hydrate: Hydrate;
  /**
   * A storage key: when this browser holds data under it, the island has something to show at
   * once (posts added in the admin), so it hydrates when idle instead of waiting for `hydrate`.
   */
  wakeOn?: string;
}

/** Props an island component receives: its JSON props plus the slot's HTML, if it was given children. */
export type IslandProps = Record<string, unknown> & { slot?: string };

interface PendingIsland {
  id: number;
  name: string;
  props: Record<string, unknown>;
  children?: ReactNode;
}

/** Collects the islands of one page render, in document order. */
export class IslandCollector {
  readonly islands: PendingIsland[] = [];
  add(name: string, props: Record<string, unknown>, children?: ReactNode): number {
    const id = this.islands.length;
    this.islands.push({ id, name, props, children });
    return id;
  }
}

export const IslandContext = createContext<IslandCollector | null>(null);

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'gb-island': { 'data-id'?: number; children?: ReactNode };
    }
  }
}

export function Island({ name, children, ...props }: { name: string; children?: ReactNode } & Record<string, unknown>) {
  const collector = use(IslandContext);
  if (!collector) throw new Error(`<Island name="${name}"> was rendered outside the page renderer (IslandContext is missing)`);
  // An island on a page in another language gets the language's code, so it speaks it after hydration too.
  const { code } = languageOf(usePathname());
  const withLanguage = code === DEFAULT_LANGUAGE.code ? props : { ...props, locale: code };
  return <gb-island data-id={collector.add(name, withLanguage, children)} />;
}
