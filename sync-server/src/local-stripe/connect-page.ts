/**
 * The page Stripe would host for a connected account's onboarding, as a plain, clearly labelled
 * test page: "Complete test onboarding" turns the account's charges on (and records
 * `account.updated`), "Leave without finishing" changes nothing; either goes back to the link's
 * `return_url`. A link is used once: opened again, or after it expired, it sends the person to
 * its `refresh_url` for a new one, as Stripe does.
 */
import { completeOnboarding, ONBOARDING_PATH } from './accounts.ts';
import { escapeHtml, page } from './pages.ts';
import { optionalString } from './params.ts';
import type { Reply, RequestContext, Route } from './route.ts';
import type { AccountLinkState } from './store.ts';

const STANDS_FOR = "This page stands in for Stripe's account onboarding (Stripe Connect Express).";

function onboardingPage(title: string, body: string, status = 200): Reply {
  return page(title, body, { standsFor: STANDS_FOR, status });
}

/** The link this address names, or the reply when it cannot be used. */
function usableLink(context: RequestContext): AccountLinkState | Reply {
  const link = context.store.accountLinks.get(context.pathParams.token ?? '');
  if (link === undefined) return onboardingPage('Link not found', '<p>This onboarding link does not name an account.</p>', 404);
  if (link.used || context.store.nowSeconds() >= link.expiresAt) return { kind: 'redirect', location: link.refreshUrl };
  return link;
}

export const connectPageRoutes: readonly Route[] = [
  {
    method: 'GET',
    path: `${ONBOARDING_PATH}/:token`,
    page: true,
    handle: (context) => {
      const link = usableLink(context);
      if ('kind' in link) return link;
      const account = context.store.accounts.get(link.account);
      const action = escapeHtml(`${context.baseUrl}${ONBOARDING_PATH}/${context.pathParams.token ?? ''}`);
      return onboardingPage(
        'Set up payouts (test onboarding)',
        `<p>Account <code>${escapeHtml(link.account)}</code>${account?.email ? ` for ${escapeHtml(account.email)}` : ''}.</p>
<p>Stripe would ask for identity and bank details here. In test mode nothing is asked and no money moves.</p>
<form method="post" action="${action}">
<button type="submit" name="outcome" value="complete">Complete test onboarding</button>
<button type="submit" name="outcome" value="leave">Leave without finishing</button>
</form>`,
      );
    },
  },
  {
    method: 'POST',
    path: `${ONBOARDING_PATH}/:token`,
    page: true,
    handle: (context) => {
      const link = usableLink(context);
      if ('kind' in link) return link;
      const outcome = optionalString(context.params, 'outcome');
      if (outcome !== 'complete' && outcome !== 'leave') {
        return onboardingPage('Choose an outcome', '<p>Use "Complete test onboarding" or "Leave without finishing".</p>', 400);
      }
      const account = context.store.accounts.get(link.account);
      if (account === undefined) return onboardingPage('Account not found', '<p>This account no longer exists.</p>', 404);
      link.used = true;
      if (outcome === 'complete') completeOnboarding(context, account);
      return { kind: 'redirect', location: link.returnUrl };
    },
  },
];
