/** Table tests: one test per example of what a function returns, titled as `it.each` titles them. */
import { expect, it } from 'vitest';

/**
 * One test per row: `fn(input)` equals `expected` (compared with `toEqual`, so a text, a number or a
 * structure alike). The title formats the row's values as `it.each` does (`%s`, `%j`, `%i`).
 */
export function eachReturns<Input, Output>(title: string, fn: (input: Input) => Output, rows: ReadonlyArray<readonly [Input, Output]>): void {
  it.each(rows.map(([input, expected]): [Input, Output] => [input, expected]))(title, (input, expected) => {
    expect(fn(input)).toEqual(expected);
  });
}

/** One test per input, all returning the same `expected`; the title's `%s` is the input. */
export function eachReturnsSame<Input, Output>(title: string, fn: (input: Input) => Output, inputs: readonly Input[], expected: Output): void {
  it.each(inputs.map((input): [Input] => [input]))(title, (input) => {
    expect(fn(input)).toEqual(expected);
  });
}
