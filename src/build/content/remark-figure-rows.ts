/**
 * Puts figures that follow one another in a page's markdown (`<Figure … />` after `<Figure … />`)
 * into one row, `<div className="figure-row">`, which the stylesheet lays out two to a row where
 * there is room. Decided in the markup, not by a stylesheet rule that looks for a figure's
 * neighbour (`:has(+ .figure)`): a browser draws a long page while its HTML is still arriving, and
 * such a rule matched only once the second figure had been parsed, so the page was laid out again
 * under the reader's eyes (the heading and the text above the figures moved down 8-24 px).
 */

interface Node {
  type: string;
  name?: string | null;
  attributes?: unknown[];
  children?: Node[];
}

const isFigure = (node: Node) => node.type === 'mdxJsxFlowElement' && node.name === 'Figure';

function row(figures: Node[]): Node {
  return {
    type: 'mdxJsxFlowElement',
    name: 'div',
    attributes: [{ type: 'mdxJsxAttribute', name: 'className', value: 'figure-row' }],
    children: figures,
  };
}

function group(parent: Node): void {
  if (!parent.children) return;
  const children: Node[] = [];
  let run: Node[] = [];
  const endRun = () => {
    if (run.length > 1) children.push(row(run));
    else children.push(...run);
    run = [];
  };
  for (const child of parent.children) {
    if (isFigure(child)) {
      run.push(child);
      continue;
    }
    endRun();
    group(child);
    children.push(child);
  }
  endRun();
  parent.children = children;
}

/** The remark plugin for MDX. */
export function remarkFigureRows() {
  return (tree: Node) => group(tree);
}
