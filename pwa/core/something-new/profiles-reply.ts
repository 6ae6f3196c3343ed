/**
 * The Something New replies the public page reads (`getOneSomethingNewResponseSchema` and
 * `savedSomethingNewSchema` in schemas/something-new.ts) written out, so /somethingnew loads no
 * schema library: the same answers (unknown keys dropped, addresses trimmed as the schema does),
 * and a unit test holds the two equal. The schemas stay the rule; change them together.
 */

/** Longest name and bio kept; longer cells make the row invalid rather than being cut. */
export const FOUNDER_NAME_MAX = 100;
export const FOUNDER_BIO_MAX = 500;

/** A handle as the site allows them: letters, digits and underscores, at most 15. */
export const FOUNDER_HANDLE = /^[A-Za-z0-9_]{1,15}$/;

/** One profile as the app shows it. `proflink`: the picture's address, or null for the drawn initials. */
export interface FounderProfile {
  twitter: string;
  name: string;
  bio: string;
  proflink: string | null;
}

/** `GET /api/getOneSomethingNew`: one profile as a list (empty without data), whether it is the sample, where to buy the data. */
export interface GetOneSomethingNewResponse {
  item: FounderProfile[];
  sample: boolean;
  datasetUrl: string | null;
}

/** What the device keeps for offline visits: the profiles last seen, newest first. */
export interface SavedSomethingNew {
  recent: FounderProfile[];
  sample: boolean;
  datasetUrl: string | null;
}

/**
 * The WHATWG URL parser, which `z.url()` uses too. Every place this runs has it (browsers, Node);
 * core's settings leave the platforms' globals out, so only the part read here is declared.
 */
declare const URL: new (input: string) => { readonly protocol: string };

type Fields = Record<string, unknown>;

const fieldsOf = (value: unknown): Fields | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Fields) : null;

/** Length in code points, as the schema library counts a string's length. */
const codePoints = (text: string): number => Array.from(text).length;

/** Not a web address. */
const NOT_WEB = Symbol('not a web address');

/**
 * An http(s) address as `z.url({ protocol: /^https?$/ })` reads it: trimmed, written with `://`,
 * parsed by the URL parser with an http(s) scheme; the value kept is the trimmed text without
 * tabs and line breaks (which the parser ignores).
 */
function webUrl(value: unknown): string | typeof NOT_WEB {
  if (typeof value !== 'string') return NOT_WEB;
  const trimmed = value.trim();
  if (!/^https?:\/\//i.test(trimmed)) return NOT_WEB;
  let protocol: string;
  try {
    protocol = new URL(trimmed).protocol;
  } catch {
    return NOT_WEB;
  }
  if (!/^https?:$/.test(protocol)) return NOT_WEB;
  return trimmed.replace(/[\t\n\r]/g, '');
}

function nullableWebUrl(value: unknown): string | null | typeof NOT_WEB {
  return value === null ? null : webUrl(value);
}

export function readFounderProfile(value: unknown): FounderProfile | null {
  const fields = fieldsOf(value);
  if (fields === null) return null;
  const { twitter, name, bio } = fields;
  if (typeof twitter !== 'string' || !FOUNDER_HANDLE.test(twitter)) return null;
  if (typeof name !== 'string' || name.length === 0 || codePoints(name) > FOUNDER_NAME_MAX) return null;
  if (typeof bio !== 'string' || codePoints(bio) > FOUNDER_BIO_MAX) return null;
  const proflink = nullableWebUrl(fields.proflink);
  if (proflink === NOT_WEB) return null;
  return { twitter, name, bio, proflink };
}

function readProfiles(value: unknown, max: number): FounderProfile[] | null {
  if (!Array.isArray(value) || value.length > max) return null;
  const profiles: FounderProfile[] = [];
  for (const item of value) {
    const profile = readFounderProfile(item);
    if (profile === null) return null;
    profiles.push(profile);
  }
  return profiles;
}

export function readGetOneSomethingNewResponse(value: unknown): GetOneSomethingNewResponse | null {
  const fields = fieldsOf(value);
  if (fields === null) return null;
  const item = readProfiles(fields.item, 1);
  const datasetUrl = nullableWebUrl(fields.datasetUrl);
  if (item === null || typeof fields.sample !== 'boolean' || datasetUrl === NOT_WEB) return null;
  return { item, sample: fields.sample, datasetUrl };
}

export function readSavedSomethingNew(value: unknown): SavedSomethingNew | null {
  const fields = fieldsOf(value);
  if (fields === null) return null;
  const recent = readProfiles(fields.recent, Infinity);
  const datasetUrl = nullableWebUrl(fields.datasetUrl);
  if (recent === null || typeof fields.sample !== 'boolean' || datasetUrl === NOT_WEB) return null;
  return { recent, sample: fields.sample, datasetUrl };
}

/** `readGetOneSomethingNewResponse` in the shape the API client reads replies with. */
export const getOneSomethingNewReply = {
  safeParse: (value: unknown): { success: true; data: GetOneSomethingNewResponse } | { success: false; error: Error } => {
    const data = readGetOneSomethingNewResponse(value);
    return data === null ? { success: false, error: new Error('Not a Something New profile') } : { success: true, data };
  },
};
