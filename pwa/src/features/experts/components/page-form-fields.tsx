import { useId, type ReactNode } from 'react';
import { BIO_HINT, EXPERT_VERBS, HELP_LIST_MAX_ITEMS, RATE_PLACEHOLDER, YOUR_BIO_MAX, YOUR_NAME_MAX } from '#core/experts/fields';
import { SITE_NAME_MAX, SITE_NAME_UNAVAILABLE } from '#core/experts/site-name';
import type { PageFormErrors, PageFormField, PageFormValues } from '../page-form';
import styles from './expert.module.css';

interface FieldProps {
  readonly label: string;
  readonly problem: string | undefined;
  readonly hint?: ReactNode;
  readonly children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}

function Field({ label, problem, hint, children }: FieldProps) {
  const id = useId();
  const describedBy = [hint === undefined ? null : `${id}-hint`, problem === undefined ? null : `${id}-problem`].filter(Boolean).join(' ');
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {children({ id, describedBy: describedBy === '' ? undefined : describedBy, invalid: problem !== undefined })}
      {hint !== undefined && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {problem !== undefined && (
        <p id={`${id}-problem`} className={styles.problem}>
          {problem}
        </p>
      )}
    </div>
  );
}

interface PageFormFieldsProps {
  readonly values: PageFormValues;
  readonly errors: PageFormErrors;
  /** The server said the site name cannot be had. */
  readonly unavailable: boolean;
  readonly disabled: boolean;
  readonly onEdit: (field: PageFormField, value: string) => void;
  readonly onLeaveSiteName: () => void;
  readonly onFocusSiteName: () => void;
}

/** The page's fields, for the onboarding form and 'Update Page'. */
export function PageFormFields({ values, errors, unavailable, disabled, onEdit, onLeaveSiteName, onFocusSiteName }: PageFormFieldsProps) {
  const siteProblem = unavailable ? SITE_NAME_UNAVAILABLE : errors.siteName;
  return (
    <>
      <Field label="Site name" problem={siteProblem} hint={`Your page's address: /ex/${values.siteName || 'YourName'}. Letters only, up to ${SITE_NAME_MAX}.`}>
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            className={styles.input}
            value={values.siteName}
            maxLength={SITE_NAME_MAX * 2}
            autoComplete="off"
            spellCheck={false}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            disabled={disabled}
            onChange={(event) => onEdit('siteName', event.target.value)}
            onBlur={onLeaveSiteName}
            onFocus={onFocusSiteName}
          />
        )}
      </Field>
      <Field label="Your name" problem={errors.yourName}>
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            className={styles.input}
            value={values.yourName}
            maxLength={YOUR_NAME_MAX}
            autoComplete="name"
            aria-describedby={describedBy}
            aria-invalid={invalid}
            disabled={disabled}
            onChange={(event) => onEdit('yourName', event.target.value)}
          />
        )}
      </Field>
      <Field
        label="Bio"
        problem={errors.yourBio}
        hint={
          <>
            {BIO_HINT} ({values.yourBio.length}/{YOUR_BIO_MAX})
          </>
        }
      >
        {({ id, describedBy, invalid }) => (
          <textarea
            id={id}
            className={styles.textarea}
            value={values.yourBio}
            maxLength={YOUR_BIO_MAX}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            disabled={disabled}
            onChange={(event) => onEdit('yourBio', event.target.value)}
          />
        )}
      </Field>
      <Field label="I'm available to" problem={errors.theVerb}>
        {({ id, describedBy }) => (
          <select
            id={id}
            className={styles.select}
            value={values.theVerb}
            aria-describedby={describedBy}
            disabled={disabled}
            onChange={(event) => onEdit('theVerb', event.target.value)}
          >
            {EXPERT_VERBS.map((verb) => (
              <option key={verb} value={verb}>
                {verb}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="What I can help with" problem={errors.helpList} hint={`One item per line, up to ${HELP_LIST_MAX_ITEMS}.`}>
        {({ id, describedBy, invalid }) => (
          <textarea
            id={id}
            className={styles.textarea}
            value={values.helpList}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            disabled={disabled}
            onChange={(event) => onEdit('helpList', event.target.value)}
          />
        )}
      </Field>
      <Field label="Rate (hourly, USD)" problem={errors.rate}>
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            className={styles.input}
            value={values.rate}
            inputMode="decimal"
            placeholder={RATE_PLACEHOLDER}
            autoComplete="off"
            aria-describedby={describedBy}
            aria-invalid={invalid}
            disabled={disabled}
            onChange={(event) => onEdit('rate', event.target.value)}
          />
        )}
      </Field>
    </>
  );
}
