/**
 * The dev server's render keeps running the modules it has evaluated until they are invalidated:
 * a changed module must be run again with every module that imports it, directly or through
 * others, so that the next request renders what the change means.
 */
import type { EnvironmentModuleGraph, EnvironmentModuleNode } from 'vite';
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

/**
 * Invalidates `changed` (the server's compiled modules of a changed file) and, transitively, their
 * importers: in the server's module graph, so each is compiled again, and among the modules the
 * render has run. A file the render never runs itself (a sheet another sheet imports) reaches it
 * through the module that imports it.
 */
export function invalidateRender(graph: EnvironmentModuleGraph, evaluated: EvaluatedModules, changed: Iterable<EnvironmentModuleNode>): void {
  const seen = new Set<EnvironmentModuleNode>();
  const run: EvaluatedModuleNode[] = [];
  const pending = [...changed];
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (seen.has(node)) continue;
    seen.add(node);
    graph.invalidateModule(node);
    const evaluatedNode = node.id ? evaluated.getModuleById(node.id) : undefined;
    if (evaluatedNode) run.push(evaluatedNode);
    pending.push(...node.importers);
  }
  invalidateWithImporters(evaluated, run);
}
