import { afterEach, describe, expect, it } from 'vitest';
import type { PublicExpert } from '#core/experts/public-expert-reply';
import { scriptJson, WRITTEN_DATA_ID } from '#core/written-page-data';
import { forgetWrittenData, setWrittenData, writtenData } from './written-data';

const expert: PublicExpert = {
  siteName: 'AnnLee',
  yourName: 'Ann Lee',
  yourBio: '',
  theVerb: 'Tutor',
  helpList: [],
  rate: 40,
  rateCents: 4000,
  acceptingBookings: false,
};

afterEach(() => {
  document.getElementById(WRITTEN_DATA_ID)?.remove();
  setWrittenData(undefined);
});

describe('the records the first page was written with', () => {
  it('are read from the page for the first render, then forgotten', () => {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = WRITTEN_DATA_ID;
    element.textContent = scriptJson({ publicExpert: expert });
    document.body.append(element);
    expect(writtenData()).toEqual({ publicExpert: expert });
    forgetWrittenData();
    expect(writtenData()).toEqual({});
  });

  it('are the renderer’s own while the server writes a page', () => {
    setWrittenData({ publicExpert: expert });
    expect(writtenData()).toEqual({ publicExpert: expert });
  });
});
