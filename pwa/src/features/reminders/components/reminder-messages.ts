import type { ReminderOffReason } from '../reminder-settings.machine';

/** What happened when reminders could not be turned on, and what to do next. */
export const OFF_REASON_MESSAGES: Readonly<Record<ReminderOffReason, string>> = {
  offline: 'Turning reminders on needs a connection. Try again when you are back online.',
  dismissed: 'Reminders stay off until you allow notifications. Turn the switch on again and choose Allow when your browser asks.',
  blocked:
    'Notifications are blocked for Memento. Allow them in your browser’s site settings (the icon next to the address), then turn reminders on again.',
  unsupported:
    'This browser window cannot receive reminders: push messages are switched off here, as in private and incognito windows. Open Memento in a normal window or the installed app and turn reminders on there.',
  noPushService:
    'No push service could be reached, so reminders are still off. Your browser’s push service may be blocked on this network or switched off in the browser’s settings. Try again later or on another network.',
  serverUnreachable: 'Memento’s server could not be reached, so reminders are still off. Check your connection and try again.',
  endpointRefused:
    'Memento cannot send reminders to this browser’s push service (it must be a public https address), so reminders are still off. Try another browser.',
  subscriptionTaken:
    'This browser’s notifications are registered to another Memento account, so reminders are still off. Sign in with that account to use them here, or turn its reminders off first.',
  failed: 'Reminders could not be turned on because of a problem on our side. Try again in a few minutes.',
};

export const TURN_OFF_FAILED_MESSAGE = 'Reminders could not be turned off on this device. Try again, or reload the page first.';
