/**
 * The dev server's render keeps running the modules it has evaluated until they are invalidated:
 * a changed module must be run again with every module that imports it, directly or through
 * others, so that the next request renders what the change means.
 */
import type { EvaluatedModuleNode, EvaluatedModules } from 'vite/module-runner';

/** Invalidates the `stale` modules and, transitively, their importers (each once). */
export function invalidateWithImporters(evaluated: EvaluatedModules, stale: EvaluatedModuleNode[]): void {
  const seen = new Set<EvaluatedModuleNode>();
  for (let node = stale.pop(); node; node = stale.pop()) {
    if (seen.has(node)) continue;
    seen.add(node);
    evaluated.invalidateModule(node);
    for (const importer of node.importers) {
      const next = evaluated.getModuleById(importer);
      if (next) stale.push(next);
    }
  }
}
