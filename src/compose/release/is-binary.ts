/** True inside the single binary: its build (src/compose/release/release.ts) defines HEARTH_BINARY. */
const IS_BINARY = typeof HEARTH_BINARY !== 'undefined';

/** How a person runs the CLI here, for usage texts and hints. */
export const CLI_PROGRAM = IS_BINARY ? './hearth' : 'npm run cli --';
