/**
 * Every variant's copy in the markup, one span each; src/ui/styles/pages/09-experiments.css shows only the
 * visitor's (from the <html> attribute the init script set) and the control when there is none.
 * The pre-rendered HTML and the hydrating client are therefore identical for every visitor, and
 * the hidden spans are display:none, so assistive technology skips them too.
 */
import type { ReactNode } from 'react';

export function VariantText<V extends string>({ experiment, text }: { experiment: { id: string; variants: readonly V[] }; text: Record<V, ReactNode> }) {
  return experiment.variants.map((variant) => (
    <span key={variant} className="ab-variant" data-experiment={experiment.id} data-variant={variant}>
      {text[variant]}
    </span>
  ));
}
