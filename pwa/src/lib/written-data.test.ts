import { afterEach, describe, expect, it } from 'vitest';
import type { PublicExpert } from '#core/experts/public-expert-reply';
import { scriptJson, WRITTEN_DATA_ID } from '#core/written-page-data';
import { setWrittenData, writtenData } from './written-data';

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
  document.body.replaceChildren();
  setWrittenData(undefined);
});

describe('the records the first page was written with', () => {
  it('serve the render that takes the written page over, and no render after it', () => {
    const root = document.createElement('div');
    root.id = 'root';
    root.setAttribute('inert', '');
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = WRITTEN_DATA_ID;
    element.textContent = scriptJson({ publicExpert: expert });
    document.body.append(root, element);
    expect(writtenData()).toEqual({ publicExpert: expert });
    // The app has taken the page over (main.tsx): later pages ask for their own.
    root.removeAttribute('inert');
    expect(writtenData()).toEqual({});
  });

  it('are the renderer’s own while the server writes a page', () => {
    setWrittenData({ publicExpert: expert });
    expect(writtenData()).toEqual({ publicExpert: expert });
  });
});
