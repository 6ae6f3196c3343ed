import { DEFAULT_EXPERT_VERB, EXPERT_VERBS, helpListFromText, helpListToText, parseRateDollars, rateToText } from '#core/experts/fields';
import { SITE_NAME_UNAVAILABLE, stripSiteName } from '#core/experts/site-name';
import { expertFieldsSchema, type ExpertFields, type ExpertRecord } from '#core/schemas/expert';
import { z } from 'zod';

/** The page form as typed: every field as its text (the help list one item per line). */
export const pageFormValuesSchema = z.object({
  siteName: z.string(),
  yourName: z.string(),
  yourBio: z.string(),
  theVerb: z.enum(EXPERT_VERBS),
  helpList: z.string(),
  rate: z.string(),
});
export type PageFormValues = z.infer<typeof pageFormValuesSchema>;
export type PageFormField = keyof PageFormValues;
export type PageFormErrors = Partial<Record<PageFormField, string>>;

export const EMPTY_PAGE_FORM: PageFormValues = {
  siteName: '',
  yourName: '',
  yourBio: '',
  theVerb: DEFAULT_EXPERT_VERB,
  helpList: '',
  rate: '',
};

/** The stored record as the form shows it ('Update Page'). */
export function pageFormOf(record: ExpertRecord): PageFormValues {
  return {
    siteName: record.siteName,
    yourName: record.yourName,
    yourBio: record.yourBio,
    theVerb: record.theVerb,
    helpList: helpListToText(record.helpList),
    rate: rateToText(record.rateCents),
  };
}

/** Leaving the site-name field keeps its letters only. */
export function leaveSiteName(values: PageFormValues): PageFormValues {
  return { ...values, siteName: stripSiteName(values.siteName) };
}

export type PageFormResult =
  | { readonly ok: true; readonly fields: ExpertFields }
  | { readonly ok: false; readonly errors: PageFormErrors };

/** The form's text checked with the calls' own schema: the fields to send, or what to fix per field. */
export function readPageForm(values: PageFormValues): PageFormResult {
  const cents = parseRateDollars(values.rate);
  const parsed = expertFieldsSchema.safeParse({
    siteName: stripSiteName(values.siteName),
    yourName: values.yourName,
    yourBio: values.yourBio,
    theVerb: values.theVerb,
    helpList: helpListFromText(values.helpList),
    // Not an amount: a number the schema refuses with the rate's own words.
    rate: cents === null ? Number.NaN : cents / 100,
  });
  if (parsed.success) return { ok: true, fields: parsed.data };
  return { ok: false, errors: errorsFromIssues(parsed.error.issues) };
}

const isFormField = (field: PropertyKey | undefined): field is PageFormField => typeof field === 'string' && field in EMPTY_PAGE_FORM;

/** The server's `issues` (path and message per field) as the form's errors. */
export function errorsFromIssues(issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[]): PageFormErrors {
  const errors: PageFormErrors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (isFormField(field)) errors[field] ??= issue.message;
  }
  return errors;
}

/** The errors without the one of `field` (it was just changed). */
export function withoutField(errors: PageFormErrors, field: PageFormField): PageFormErrors {
  return Object.fromEntries(Object.entries(errors).filter(([key]) => key !== field));
}

/** The site name's 'unavailable' (a reserved name) apart from the other problems. */
export function splitUnavailable(errors: PageFormErrors): { errors: PageFormErrors; unavailable: boolean } {
  if (errors.siteName !== SITE_NAME_UNAVAILABLE) return { errors, unavailable: false };
  return { errors: withoutField(errors, 'siteName'), unavailable: true };
}
