import { describe, expect, it } from 'vitest';
import { readCharityRaised } from '../human-sounds/raised-reply';
import { readApiErrorBody } from '../api-errors';
import { apiErrorBodySchema } from './api-error';
import { charityRaisedSchema } from './human-sounds';
import { readExpertPageResponse, readPublicExpert } from '../experts/public-expert-reply';
import { expertPageResponseSchema, publicExpertSchema } from './expert';
import { readFounderProfile, readGetOneSomethingNewResponse, readSavedSomethingNew } from '../something-new/profiles-reply';
import { founderProfileSchema, getOneSomethingNewResponseSchema, savedSomethingNewSchema } from './something-new';

/** What the schema answers, in the hand check's shape: the value read, or null. */
const viaSchema = (schema: { safeParse(value: unknown): { success: boolean; data?: unknown } }, value: unknown): unknown => {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
};

const raised = { salesCents: 1200, matchCents: 1200, totalCents: 2400, matchLimitCents: 100_000, asOf: '2026-11-24T09:00:00.000Z' };

describe('hand-written checks agree with their schemas', () => {
  it.each<[string, unknown]>([
    ['a full answer', raised],
    ['an answer with an extra key', { ...raised, extra: 1 }],
    ['zero raised', { ...raised, salesCents: 0, matchCents: 0, totalCents: 0 }],
    ['a negative amount', { ...raised, salesCents: -1 }],
    ['a fraction of a cent', { ...raised, matchCents: 1.5 }],
    ['an amount as text', { ...raised, totalCents: '2400' }],
    ['a zero match limit', { ...raised, matchLimitCents: 0 }],
    ['an unsafe integer', { ...raised, salesCents: 2 ** 60 }],
    ['no date', { ...raised, asOf: undefined }],
    ['null', null],
    ['an array', [raised]],
    ['text', 'raised'],
  ])('charity raised: %s', (_name, value) => {
    expect(readCharityRaised(value)).toEqual(viaSchema(charityRaisedSchema, value));
  });

  it.each<[string, unknown]>([
    ['a bare code', { error: 'NOT_FOUND' }],
    ['a code and message', { error: 'TRACKER_LIMIT', message: 'One tracker on the free plan' }],
    ['issues', { error: 'INVALID_REQUEST', issues: [{ path: ['body', 0, 'name'], message: 'Required' }] }],
    ['extra keys at both levels', { error: 'INVALID_REQUEST', extra: true, issues: [{ path: [], message: 'x', code: 'y' }] }],
    ['an unknown code', { error: 'NEW_CODE_FROM_A_NEWER_SERVER' }],
    ['a code from the prototype', { error: 'toString' }],
    ['a message that is not text', { error: 'NOT_FOUND', message: 404 }],
    ['a null message', { error: 'NOT_FOUND', message: null }],
    ['issues not a list', { error: 'INVALID_REQUEST', issues: {} }],
    ['an issue without a path', { error: 'INVALID_REQUEST', issues: [{ message: 'x' }] }],
    ['a path with a boolean', { error: 'INVALID_REQUEST', issues: [{ path: [true], message: 'x' }] }],
    ['an HTML page', '<html>Bad gateway</html>'],
    ['null', null],
    ['an array', [{ error: 'NOT_FOUND' }]],
  ])('API error body: %s', (_name, value) => {
    expect(readApiErrorBody(value)).toEqual(viaSchema(apiErrorBodySchema, value));
  });

  const profile = { twitter: 'ada_l', name: 'Ada Lovelace', bio: 'Counts things.', proflink: 'https://example.com/ada.png' };
  const profiles: [string, unknown][] = [
    ['a full profile', profile],
    ['drawn initials', { ...profile, proflink: null }],
    ['an extra key', { ...profile, followers: 12 }],
    ['a plain http picture', { ...profile, proflink: 'http://example.com/a.png' }],
    ['an upper-case scheme', { ...profile, proflink: 'HTTPS://Example.com/A.png' }],
    ['a picture address with spaces around', { ...profile, proflink: '  https://example.com/a.png\n' }],
    ['a picture address with a tab inside', { ...profile, proflink: 'https://exa\tmple.com/a.png' }],
    ['a picture without //', { ...profile, proflink: 'https:example.com/a.png' }],
    ['a javascript: picture', { ...profile, proflink: 'javascript:alert(1)' }],
    ['an ftp picture', { ...profile, proflink: 'ftp://example.com/a.png' }],
    ['an unparseable picture', { ...profile, proflink: 'https://exa mple.com/' }],
    ['a picture left out', { twitter: 'ada_l', name: 'Ada', bio: '' }],
    ['an empty picture', { ...profile, proflink: '' }],
    ['a handle with @', { ...profile, twitter: '@ada' }],
    ['a handle of 16', { ...profile, twitter: 'a'.repeat(16) }],
    ['an empty handle', { ...profile, twitter: '' }],
    ['an empty name', { ...profile, name: '' }],
    ['a name of 100', { ...profile, name: 'n'.repeat(100) }],
    ['a name of 101', { ...profile, name: 'n'.repeat(101) }],
    ['a name of 100 emoji (200 UTF-16 units)', { ...profile, name: '🙂'.repeat(100) }],
    ['a name of 101 emoji', { ...profile, name: '🙂'.repeat(101) }],
    ['an empty bio', { ...profile, bio: '' }],
    ['a bio of 501', { ...profile, bio: 'b'.repeat(501) }],
    ['a bio of 500 emoji', { ...profile, bio: '🙂'.repeat(500) }],
    ['a bio that is a number', { ...profile, bio: 5 }],
    ['null', null],
    ['an array', [profile]],
  ];

  it.each(profiles)('founder profile: %s', (_name, value) => {
    expect(readFounderProfile(value)).toEqual(viaSchema(founderProfileSchema, value));
  });

  const reply = { item: [profile], sample: true, datasetUrl: 'https://shop.example.com/data' };
  it.each<[string, unknown]>([
    ['a profile', reply],
    ['no profile yet', { ...reply, item: [] }],
    ['two profiles', { ...reply, item: [profile, profile] }],
    ['a damaged profile', { ...reply, item: [{ ...profile, twitter: 'no spaces' }] }],
    ['no shop', { ...reply, datasetUrl: null }],
    ['a shop address with spaces', { ...reply, datasetUrl: ' https://shop.example.com ' }],
    ['a shop that is not a web address', { ...reply, datasetUrl: 'mailto:a@example.com' }],
    ['a shop left out', { item: [profile], sample: false }],
    ['sample as text', { ...reply, sample: 'true' }],
    ['item not a list', { ...reply, item: profile }],
    ['an extra key', { ...reply, total: 3 }],
    ['null', null],
    ['text', 'profile'],
  ])('Something New reply: %s', (_name, value) => {
    expect(readGetOneSomethingNewResponse(value)).toEqual(viaSchema(getOneSomethingNewResponseSchema, value));
  });

  const saved = { recent: [profile, { ...profile, twitter: 'grace', proflink: null }], sample: false, datasetUrl: null };
  it.each<[string, unknown]>([
    ['two profiles', saved],
    ['none', { ...saved, recent: [] }],
    ['many', { ...saved, recent: Array.from({ length: 30 }, () => profile) }],
    ['one damaged', { ...saved, recent: [profile, { ...profile, name: '' }] }],
    ['a shop', { ...saved, datasetUrl: 'https://shop.example.com' }],
    ['recent left out', { sample: false, datasetUrl: null }],
    ['sample left out', { recent: [], datasetUrl: null }],
    ['an older shape', { item: [profile], sample: false, datasetUrl: null }],
    ['null', null],
    ['an array', []],
  ])('saved Something New profiles: %s', (_name, value) => {
    expect(readSavedSomethingNew(value)).toEqual(viaSchema(savedSomethingNewSchema, value));
  });

  const expert = {
    siteName: 'JaneDoe',
    yourName: 'Jane <b>Doe</b>',
    yourBio: 'I teach algebra.',
    theVerb: 'Tutor',
    helpList: ['Algebra', 'Geometry'],
    rate: 40.5,
    rateCents: 4050,
    acceptingBookings: true,
  };
  const experts: [string, unknown][] = [
    ['a full page', expert],
    ['not taking bookings', { ...expert, acceptingBookings: false }],
    ['private keys the server never sends', { ...expert, stripeAccountId: 'acct_1', chargesEnabled: true, email: 'a@example.com' }],
    ['an empty help list and bio', { ...expert, helpList: [], yourBio: '' }],
    ['each verb', { ...expert, theVerb: 'Work' }],
    ['an unknown verb', { ...expert, theVerb: 'Teach' }],
    ['a verb in lower case', { ...expert, theVerb: 'tutor' }],
    ['a help item that is not text', { ...expert, helpList: ['Algebra', 3] }],
    ['a help list that is text', { ...expert, helpList: 'Algebra' }],
    ['a rate as text', { ...expert, rate: '40.50' }],
    ['cents with a fraction', { ...expert, rateCents: 4050.5 }],
    ['unsafe cents', { ...expert, rateCents: 2 ** 60 }],
    ['an endless rate', { ...expert, rate: Infinity }],
    ['no site name', { ...expert, siteName: undefined }],
    ['bookings as text', { ...expert, acceptingBookings: 'yes' }],
    ['null', null],
    ['an array', [expert]],
  ];

  it.each(experts)("an expert's public page: %s", (_name, value) => {
    expect(readPublicExpert(value)).toEqual(viaSchema(publicExpertSchema, value));
  });

  it.each<[string, unknown]>([
    ['the page', { item: expert }],
    ['the page and more', { item: expert, extra: 1 }],
    ['a damaged page', { item: { ...expert, theVerb: null } }],
    ['no page', { item: null }],
    ['nothing', {}],
    ['the page itself', expert],
    ['null', null],
  ])("the expert page reply: %s", (_name, value) => {
    expect(readExpertPageResponse(value)).toEqual(viaSchema(expertPageResponseSchema, value));
  });
});
