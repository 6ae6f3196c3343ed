import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { CheckSiteNameResponse, ExpertFields, ExpertRecord } from '#core/schemas/expert';
import { isApiError } from '../../lib/api-client';
import { addExpert, checkSiteName, getOwnExpert, startStripeOnboarding } from './data/expert-api';
import { clearDraft, saveDraft, type PageFormDraft } from './data/device-copies';
import { onboardingFailure } from './expert-messages';
import {
  EMPTY_PAGE_FORM,
  errorsFromIssues,
  leaveSiteName,
  readPageForm,
  splitUnavailable,
  withoutField,
  type PageFormErrors,
  type PageFormField,
  type PageFormValues,
} from './page-form';

/**
 * /expert/form, the two steps of becoming an expert: the page form (the name checked, then the
 * page made), then payments (the provider's onboarding, or Skip), then the dashboard. A form
 * sent while offline is kept on the device and sent by itself when the connection returns (also
 * after a reload: the kept draft comes back in with the input). Side effects are the named
 * actors and actions below; tests replace them with `.provide()` or answer at the fetch boundary.
 */

export interface OnboardingInput {
  readonly userId: string;
  readonly online: boolean;
  /** What this device kept of the form (typed earlier, or waiting to be sent). */
  readonly draft: PageFormDraft | null;
}

export type OnboardingEvent =
  | { readonly type: 'EDIT'; readonly field: PageFormField; readonly value: string }
  | { readonly type: 'LEAVE_SITE_NAME' }
  | { readonly type: 'FOCUS_SITE_NAME' }
  | { readonly type: 'SUBMIT' }
  | { readonly type: 'SET_UP_STRIPE' }
  | { readonly type: 'SKIP' }
  | { readonly type: 'CONNECTION'; readonly online: boolean };

export interface OnboardingContext {
  readonly userId: string;
  readonly online: boolean;
  readonly values: PageFormValues;
  /** The fields as checked at the last 'Next' (what is sent). */
  readonly fields: ExpertFields | null;
  readonly errors: PageFormErrors;
  /** The server said the site name cannot be had; cleared when the field gets focus. */
  readonly unavailable: boolean;
  /** 'Error: …' and what to do next, after a failed call. */
  readonly error: string | null;
  readonly expert: ExpertRecord | null;
  /** The kept draft was waiting for a connection when the page opened. */
  readonly resumePending: boolean;
}

/** The progress display's three steps. */
export const ONBOARDING_STEPS = ['Your Page', 'Payments', 'Dashboard'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export const onboardingMachine = setup({
  types: {
    context: {} as OnboardingContext,
    events: {} as OnboardingEvent,
    input: {} as OnboardingInput,
    tags: {} as 'busy' | 'pageStep' | 'paymentsStep' | 'done',
  },
  actors: {
    loadOwnExpert: fromPromise<ExpertRecord | null>(() => getOwnExpert()),
    checkSiteName: fromPromise<CheckSiteNameResponse, { siteName: string }>(({ input }) => checkSiteName(input.siteName)),
    createExpert: fromPromise<ExpertRecord, { fields: ExpertFields }>(({ input }) => addExpert(input.fields)),
    /** Makes the Connect account and its onboarding link; answers the link's address. */
    startStripeOnboarding: fromPromise<string>(() => startStripeOnboarding()),
  },
  guards: {
    isOnline: ({ context }) => context.online,
    draftWaiting: ({ context }) => context.resumePending,
    hasExpert: (_, params: { expert: ExpertRecord | null }) => params.expert !== null,
    formInvalid: ({ context }) => !readPageForm(context.values).ok,
    nameTaken: (_, params: { reply: CheckSiteNameResponse }) => params.reply.alreadyExists,
    nameRefused: (_, params: { error: unknown }) => isApiError(params.error, 'SITE_NAME_TAKEN') || isApiError(params.error, 'SITE_NAME_RESERVED'),
    alreadyExpert: (_, params: { error: unknown }) => isApiError(params.error, 'ALREADY_EXPERT'),
    badFields: (_, params: { error: unknown }) => isApiError(params.error, 'INVALID_REQUEST'),
    /** Nothing was sent: the device is offline. (A lost answer is said, and 'Next' sends it again.) */
    noConnection: (_, params: { error: unknown }) => isApiError(params.error) && params.error.kind === 'offline',
  },
  actions: {
    rememberConnection: assign((_, params: { online: boolean }) => ({ online: params.online })),
    edit: assign(({ context }, params: { field: PageFormField; value: string }) => ({
      values: { ...context.values, [params.field]: params.value },
      errors: withoutField(context.errors, params.field),
    })),
    stripSiteName: assign(({ context }) => ({ values: leaveSiteName(context.values) })),
    clearUnavailable: assign({ unavailable: false }),
    markUnavailable: assign({ unavailable: true, error: null }),
    /** The form checked as it will be sent: the fields, or each field's problem. */
    checkForm: assign(({ context }) => {
      const values = leaveSiteName(context.values);
      const result = readPageForm(values);
      if (result.ok) return { values, fields: result.fields, errors: {}, error: null };
      // A reserved name reads as one that is taken (and goes the same way, on focus).
      const { errors, unavailable } = splitUnavailable(result.errors);
      return { values, fields: null, errors, unavailable };
    }),
    showFieldIssues: assign((_, params: { error: unknown }) => ({
      errors: isApiError(params.error) ? errorsFromIssues(params.error.issues) : {},
      error: onboardingFailure(params.error),
    })),
    fail: assign((_, params: { error: unknown }) => ({ error: onboardingFailure(params.error) })),
    clearError: assign({ error: null }),
    rememberExpert: assign((_, params: { expert: ExpertRecord }) => ({ expert: params.expert })),
    /** The form as typed, kept on this device; `pending` when it waits for a connection. */
    keepDraft: ({ context }, params: { pending: boolean }) => {
      saveDraft(context.userId, { values: context.values, pending: params.pending });
    },
    forgetDraft: ({ context }) => {
      clearDraft(context.userId);
    },
    /** Off to the provider's onboarding; it comes back to /expert/dashboard. */
    goToProvider: (_, params: { url: string }) => {
      window.location.assign(params.url);
    },
  },
}).createMachine({
  id: 'onboarding',
  context: ({ input }) => ({
    userId: input.userId,
    online: input.online,
    values: input.draft?.values ?? EMPTY_PAGE_FORM,
    fields: null,
    errors: {},
    unavailable: false,
    error: null,
    expert: null,
    resumePending: input.draft?.pending ?? false,
  }),
  initial: 'loading',
  on: {
    CONNECTION: { actions: { type: 'rememberConnection', params: ({ event }) => ({ online: event.online }) } },
  },
  states: {
    /** Whether this account already has a page (then: the dashboard). */
    loading: {
      tags: ['busy', 'pageStep'],
      // The form shows at once: what is typed meanwhile is kept.
      on: {
        EDIT: {
          actions: [{ type: 'edit', params: ({ event }) => ({ field: event.field, value: event.value }) }, { type: 'keepDraft', params: { pending: false } }],
        },
        LEAVE_SITE_NAME: { actions: 'stripSiteName' },
        FOCUS_SITE_NAME: { actions: 'clearUnavailable' },
      },
      invoke: {
        src: 'loadOwnExpert',
        onDone: [
          {
            guard: { type: 'hasExpert', params: ({ event }) => ({ expert: event.output }) },
            target: 'alreadyExpert',
            actions: 'forgetDraft',
          },
          { target: 'pageForm.resume' },
        ],
        // Offline (or the server away): the form still opens, and is sent later.
        onError: { target: 'pageForm.resume' },
      },
    },
    pageForm: {
      tags: 'pageStep',
      initial: 'editing',
      states: {
        /** A draft that was waiting for a connection carries on by itself. */
        resume: {
          always: [
            {
              guard: 'draftWaiting',
              target: 'waitingForConnection',
              actions: 'checkForm',
            },
            { target: 'editing' },
          ],
        },
        editing: {
          on: {
            EDIT: {
              actions: [{ type: 'edit', params: ({ event }) => ({ field: event.field, value: event.value }) }, { type: 'keepDraft', params: { pending: false } }],
            },
            LEAVE_SITE_NAME: { actions: ['stripSiteName', { type: 'keepDraft', params: { pending: false } }] },
            FOCUS_SITE_NAME: { actions: 'clearUnavailable' },
            SUBMIT: [
              { guard: 'formInvalid', actions: 'checkForm' },
              { guard: 'isOnline', target: '#onboarding.checkingName', actions: ['checkForm', 'clearUnavailable'] },
              { target: 'waitingForConnection', actions: ['checkForm', 'clearUnavailable'] },
            ],
          },
        },
        /** 'Next' pressed offline: kept on the device, sent when the connection returns. */
        waitingForConnection: {
          entry: [{ type: 'keepDraft', params: { pending: true } }, 'clearError'],
          always: { guard: 'isOnline', target: '#onboarding.checkingName' },
          on: {
            // Changing the form takes it back: it is sent with the next 'Next'.
            EDIT: {
              target: 'editing',
              actions: [{ type: 'edit', params: ({ event }) => ({ field: event.field, value: event.value }) }, { type: 'keepDraft', params: { pending: false } }],
            },
            FOCUS_SITE_NAME: { actions: 'clearUnavailable' },
          },
        },
      },
    },
    checkingName: {
      tags: ['busy', 'pageStep'],
      invoke: {
        src: 'checkSiteName',
        input: ({ context }) => ({ siteName: context.values.siteName }),
        onDone: [
          {
            guard: { type: 'nameTaken', params: ({ event }) => ({ reply: event.output }) },
            target: 'pageForm.editing',
            actions: ['markUnavailable', { type: 'keepDraft', params: { pending: false } }],
          },
          { target: 'creating' },
        ],
        onError: [
          { guard: { type: 'noConnection', params: ({ event }) => ({ error: event.error }) }, target: 'pageForm.waitingForConnection' },
          {
            target: 'pageForm.editing',
            actions: [{ type: 'fail', params: ({ event }) => ({ error: event.error }) }, { type: 'keepDraft', params: { pending: false } }],
          },
        ],
      },
    },
    creating: {
      tags: ['busy', 'pageStep'],
      invoke: {
        src: 'createExpert',
        input: ({ context }) => ({ fields: requireFields(context) }),
        onDone: {
          target: 'payments',
          actions: [{ type: 'rememberExpert', params: ({ event }) => ({ expert: event.output }) }, 'forgetDraft'],
        },
        onError: [
          {
            guard: { type: 'nameRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'pageForm.editing',
            actions: ['markUnavailable', { type: 'keepDraft', params: { pending: false } }],
          },
          { guard: { type: 'alreadyExpert', params: ({ event }) => ({ error: event.error }) }, target: 'alreadyExpert', actions: 'forgetDraft' },
          {
            guard: { type: 'badFields', params: ({ event }) => ({ error: event.error }) },
            target: 'pageForm.editing',
            actions: [{ type: 'showFieldIssues', params: ({ event }) => ({ error: event.error }) }, { type: 'keepDraft', params: { pending: false } }],
          },
          // Sent without an answer: the error says so and 'Next' sends it again (the server answers a repeat with the page made).
          { guard: { type: 'noConnection', params: ({ event }) => ({ error: event.error }) }, target: 'pageForm.waitingForConnection' },
          {
            target: 'pageForm.editing',
            actions: [{ type: 'fail', params: ({ event }) => ({ error: event.error }) }, { type: 'keepDraft', params: { pending: false } }],
          },
        ],
      },
    },
    payments: {
      tags: 'paymentsStep',
      initial: 'choosing',
      states: {
        choosing: {
          on: {
            SET_UP_STRIPE: { target: 'connecting', actions: 'clearError' },
          },
        },
        connecting: {
          tags: 'busy',
          invoke: {
            src: 'startStripeOnboarding',
            onDone: { target: '#onboarding.leftForProvider', actions: { type: 'goToProvider', params: ({ event }) => ({ url: event.output }) } },
            onError: { target: 'choosing', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
      on: { SKIP: { target: 'dashboard' } },
    },
    /** The browser is on its way to the provider's onboarding page. */
    leftForProvider: { type: 'final', tags: ['busy', 'paymentsStep'] },
    dashboard: { type: 'final', tags: 'done' },
    /** This account has a page already: the dashboard instead. */
    alreadyExpert: { type: 'final', tags: 'done' },
  },
});

function requireFields(context: OnboardingContext): ExpertFields {
  if (context.fields === null) throw new Error('The form was not checked before sending');
  return context.fields;
}

/** Which of the progress display's steps a state belongs to. */
export function stepOf(snapshot: OnboardingSnapshot): OnboardingStep {
  if (snapshot.hasTag('done')) return 'Dashboard';
  if (snapshot.hasTag('paymentsStep')) return 'Payments';
  return 'Your Page';
}

export type OnboardingActor = ActorRefFrom<typeof onboardingMachine>;
export type OnboardingSnapshot = SnapshotFrom<typeof onboardingMachine>;
