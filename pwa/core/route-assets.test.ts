import { describe, expect, it } from 'vitest';
import { matchesRoutePattern } from './route-assets';

describe('matchesRoutePattern', () => {
  it.each([
    ['/', '/'],
    ['/weeksuntil/:target', '/weeksuntil/christmas'],
    ['/weeksuntil/:target', '/WeeksUntil/christmas/'],
    ['/die/:bday/:name', '/die/1990-06-15/jobsphone'],
    ['/hnrd/*', '/hnrd'],
    ['/hnrd/*', '/hnrd/a/b'],
  ])('%s takes %s', (pattern, path) => {
    expect(matchesRoutePattern(pattern, path)).toBe(true);
  });

  it.each([
    ['/', '/life'],
    ['/weeksuntil/:target', '/weeksuntil'],
    ['/weeksuntil/:target', '/weeksuntil/a/b'],
    ['/die/:bday', '/life/1990-06-15'],
  ])('%s does not take %s', (pattern, path) => {
    expect(matchesRoutePattern(pattern, path)).toBe(false);
  });
});
