/** Types of stylelint-mirrored-shorthands.mjs (a plain JavaScript module: stylelint loads it from its config). */
import type { Plugin } from 'stylelint';

export function splitValue(value: string): string[];
export function logicalForm(property: string, value: string): string | null;
declare const plugin: Plugin;
export default plugin;
