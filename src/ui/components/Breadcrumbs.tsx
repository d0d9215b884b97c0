/** The visible breadcrumb trail (the same trail feeds the BreadcrumbList JSON-LD). */
import type { Crumb } from '@/ui/head/structured-data';
import { useUi } from '@/ui/i18n/ui';

export function Breadcrumbs({ trail }: { trail: Crumb[] }) {
  const { strings } = useUi();
  return (
    <nav aria-label={strings.shell.breadcrumb} className="breadcrumbs">
      <ol>
        {trail.map((crumb, index) =>
          index === trail.length - 1 ? (
            <li key={crumb.path} aria-current="page">
              {crumb.name}
            </li>
          ) : (
            <li key={crumb.path}>
              <a href={crumb.path}>{crumb.name}</a>
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
