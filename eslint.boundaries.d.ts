import type { Linter } from 'eslint';

/** The import boundaries of DESIGN.md §4 (eslint.boundaries.js). */
declare const boundaries: Linter.Config[];
export default boundaries;
export declare const PLUMBING: string[];
