import { describe, expect, it } from 'vitest';
import { RESERVED_SITE_NAMES, SITE_NAME_MAX, siteNameKey, siteNameProblem, stripSiteName } from '#core/experts/site-name';
import { paths } from '#core/paths';

describe('site names', () => {
  it('strips every character that is not a letter', () => {
    expect(stripSiteName('Jane Doe-42!')).toBe('JaneDoe');
    expect(stripSiteName('  j.a_n e ')).toBe('jane');
    expect(stripSiteName('Zoë Ørsted')).toBe('Zorsted');
    expect(stripSiteName('<script>')).toBe('script');
    expect(stripSiteName('123')).toBe('');
  });

  it('compares names regardless of case', () => {
    expect(siteNameKey('JaneDoe')).toBe(siteNameKey('janedoe'));
    expect(siteNameKey('Jane-Doe')).toBe('janedoe');
  });

  it('takes names of letters only, up to the limit', () => {
    expect(siteNameProblem('JaneDoe')).toBeNull();
    expect(siteNameProblem('a'.repeat(SITE_NAME_MAX))).toBeNull();
    expect(siteNameProblem('a'.repeat(SITE_NAME_MAX + 1))).toBe('TOO_LONG');
    expect(siteNameProblem('')).toBe('EMPTY');
    expect(siteNameProblem('Jane Doe')).toBe('NOT_LETTERS');
    expect(siteNameProblem('jane1')).toBe('NOT_LETTERS');
  });

  it('reserves the first word of every route of the product, in any case', () => {
    for (const route of Object.values(paths)) {
      const word = stripSiteName(route.path.split('/')[1] ?? '');
      if (word === '') continue;
      expect(siteNameProblem(word), route.path).toBe('RESERVED');
      expect(siteNameProblem(word.toUpperCase()), route.path).toBe('RESERVED');
    }
    for (const word of ['Expert', 'ex', 'API', 'admin', 'Dashboard', 'humansounds', 'privacypolicy', 'mailbox']) {
      expect(siteNameProblem(word), word).toBe('RESERVED');
    }
    expect(RESERVED_SITE_NAMES.has('janedoe')).toBe(false);
  });
});
