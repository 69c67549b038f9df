/**
 * Defined (as true) only when `npm run release` compiles the single binary (src/compose/release/release.ts).
 * Test it with `typeof HEARTH_BINARY === 'undefined'` right where a branch must vanish from the
 * binary: the bundler folds that to a constant and drops the dead side with its imports.
 */
declare const HEARTH_BINARY: boolean | undefined;
