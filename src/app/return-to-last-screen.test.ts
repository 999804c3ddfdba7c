import { describe, expect, it } from 'vitest';
import { LAST_SCREEN_MAX_AGE_MS, screenToReopen } from './return-to-last-screen';

const NOW = 1_800_000_000_000;
const cpv = { href: '/application/cpv-info?id=abc&type=BUSINESS_PLACE_VERIFICATION', at: NOW - 60_000 };

describe('the screen the unlock returns to', () => {
  it.each([
    ['the screen last shown, when the app opens at the home', cpv, '/', '/', cpv.href],
    ['nothing when the app opens on another screen (a reload keeps its own)', cpv, '/sync', '/sync', null],
    ['nothing once the officer went home from another start screen', cpv, '/applications', '/', null],
    ['nothing once the officer left the home before the unlock finished reading', cpv, '/', '/sync', null],
    ['nothing kept', undefined, '/', '/', null],
    ['nothing older than 12 hours', { ...cpv, at: NOW - LAST_SCREEN_MAX_AGE_MS - 1 }, '/', '/', null],
    ['never the home itself', { href: '/', at: NOW }, '/', '/', null],
    ['never the login', { href: '/login', at: NOW }, '/', '/', null],
  ])('%s', (_name, last, start, current, expected) => {
    expect(screenToReopen(last, start, current, NOW)).toBe(expected);
  });
});
