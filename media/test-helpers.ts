// Temporary: the media test helpers live in src/testing/media-fixtures.ts; this re-export goes
// once src/e2e/admin-upload-helpers.ts imports that path (boundaries.ts exempts it meanwhile).
export { filesUnder } from '../src/testing/media-fixtures.ts';
