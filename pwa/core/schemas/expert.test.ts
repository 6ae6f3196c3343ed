import { describe, expect, it } from 'vitest';
import { HELP_LIST_MAX_ITEMS, YOUR_BIO_MAX, YOUR_NAME_MAX } from '#core/experts/fields';
import { SITE_NAME_MESSAGES } from '#core/experts/site-name';
import { expertFieldsSchema, rateCentsOf } from '#core/schemas/expert';

const valid = {
  siteName: 'JaneDoe',
  yourName: 'Jane Doe',
  yourBio: 'I help teams ship <b>fast</b>.',
  theVerb: 'Mentor',
  helpList: ['React', 'Hiring'],
  rate: 20,
} as const;

function problemsOf(input: unknown): string[] {
  const result = expertFieldsSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('the expert form schema', () => {
  it('takes a valid page, HTML in texts kept as typed', () => {
    expect(expertFieldsSchema.parse(valid)).toEqual(valid);
  });

  it('refuses names with non-letters and reserved names', () => {
    expect(problemsOf({ ...valid, siteName: 'Jane Doe' })).toEqual([`siteName: ${SITE_NAME_MESSAGES.NOT_LETTERS}`]);
    expect(problemsOf({ ...valid, siteName: 'Dashboard' })).toEqual([`siteName: ${SITE_NAME_MESSAGES.RESERVED}`]);
  });

  it('holds the limits of name, bio, verb, help list and rate', () => {
    expect(problemsOf({ ...valid, yourName: 'x'.repeat(YOUR_NAME_MAX) })).toEqual([]);
    expect(problemsOf({ ...valid, yourName: 'x'.repeat(YOUR_NAME_MAX + 1) })).toHaveLength(1);
    expect(problemsOf({ ...valid, yourName: '   ' })).toHaveLength(1);
    expect(problemsOf({ ...valid, yourBio: 'x'.repeat(YOUR_BIO_MAX + 1) })).toHaveLength(1);
    expect(problemsOf({ ...valid, theVerb: 'consult' })).toHaveLength(1);
    expect(problemsOf({ ...valid, helpList: Array.from({ length: HELP_LIST_MAX_ITEMS + 1 }, () => 'x') })).toHaveLength(1);
    expect(problemsOf({ ...valid, helpList: ['two\nlines'] })).toHaveLength(1);
    expect(problemsOf({ ...valid, rate: 4.99 })).toHaveLength(1);
    expect(problemsOf({ ...valid, rate: 20.005 })).toHaveLength(1);
    expect(problemsOf({ ...valid, rate: 1000.01 })).toHaveLength(1);
    expect(problemsOf({ ...valid, rate: '20' })).toHaveLength(1);
  });

  it('turns the rate into exact cents', () => {
    expect(rateCentsOf(20)).toBe(2000);
    expect(rateCentsOf(19.99)).toBe(1999);
    expect(rateCentsOf(0.1 + 0.2)).toBeNull();
    expect(rateCentsOf(Number.NaN)).toBeNull();
    expect(rateCentsOf(-5)).toBeNull();
  });
});
