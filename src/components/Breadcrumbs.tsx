/** The visible breadcrumb trail (the same trail feeds the BreadcrumbList JSON-LD). */
import type { Crumb } from '@/head/structured-data';

export function Breadcrumbs({ trail }: { trail: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs">
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
