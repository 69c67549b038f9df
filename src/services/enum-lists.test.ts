import { expect, test } from 'bun:test';
import * as dbSchema from '../../db/schema/index.ts';
import { DISPLAY_PREFERENCES, SONG_STATUSES } from '../shared/enums.ts';

// db/ may not import src/shared, so it keeps its own copies of the API's value lists.
test('db/schema and src/shared list the same song statuses and display preferences', () => {
  expect([...dbSchema.SONG_STATUSES]).toEqual([...SONG_STATUSES]);
  expect([...dbSchema.DISPLAY_PREFERENCES]).toEqual([...DISPLAY_PREFERENCES]);
});
