import { forgetLastPlan, keepPlanFromServer } from './last-plan';

/**
 * What the session's runtime does with plans, loaded by it on demand: a module of its own (rather
 * than the plan store itself, which the billing screens' code shares) so loading it needs nothing
 * more than it imports.
 */
export { forgetLastPlan, keepPlanFromServer };
