import { expect, test } from 'bun:test';
import { DAY_MS, daysRemaining, daysRemainingText } from './retention.ts';

const deletedAt = new Date('2026-03-01T12:00:00.000Z');
const at = (ms: number) => deletedAt.getTime() + ms;

test('7 minus whole days elapsed since deletion', () => {
  expect(daysRemaining(deletedAt, at(0))).toBe(7);
  expect(daysRemaining(deletedAt, at(DAY_MS - 1))).toBe(7);
  expect(daysRemaining(deletedAt, at(DAY_MS))).toBe(6);
  expect(daysRemaining(deletedAt, at(2 * DAY_MS + 60_000))).toBe(5);
  expect(daysRemaining(deletedAt, at(7 * DAY_MS - 1))).toBe(1);
});

test('never below 0, never above 7 (a clock behind the deletion)', () => {
  expect(daysRemaining(deletedAt, at(7 * DAY_MS))).toBe(0);
  expect(daysRemaining(deletedAt, at(30 * DAY_MS))).toBe(0);
  expect(daysRemaining(deletedAt, at(-DAY_MS))).toBe(7);
});

test('takes the API\'s ISO time as well as a Date', () => {
  expect(daysRemaining(deletedAt.toISOString(), at(3 * DAY_MS))).toBe(4);
});

test('reads as a person would say it', () => {
  expect([0, 1, 7].map(daysRemainingText)).toEqual(['0 days remaining', '1 day remaining', '7 days remaining']);
});
