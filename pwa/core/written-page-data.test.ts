import { describe, expect, it } from 'vitest';
import type { PublicExpert } from './experts/public-expert-reply';
import { readWrittenPageData, scriptJson } from './written-page-data';

const expert: PublicExpert = {
  siteName: 'AnnLee',
  yourName: 'Ann </script><!-- Lee',
  yourBio: 'Line\u2028separated\u2029bio',
  theVerb: 'Tutor',
  helpList: ['Maths'],
  rate: 40,
  rateCents: 4000,
  acceptingBookings: true,
};

describe('the records a written page carries', () => {
  it('stand in a script element whole: nothing in a name can end it or start a comment', () => {
    const text = scriptJson({ publicExpert: expert });
    expect(text).not.toContain('<');
    expect(text).not.toMatch(/[\u2028\u2029]/);
    expect(readWrittenPageData(text)).toEqual({ publicExpert: expert });
  });

  it('are read as nothing when missing, damaged or not an expert', () => {
    expect(readWrittenPageData(null)).toEqual({});
    expect(readWrittenPageData('')).toEqual({});
    expect(readWrittenPageData('{"publicExpert":')).toEqual({});
    expect(readWrittenPageData('null')).toEqual({});
    expect(readWrittenPageData(JSON.stringify({ publicExpert: { ...expert, rateCents: 'a lot' } }))).toEqual({});
  });
});
