import type { HnNotifyProblem } from './hn-notify.machine';

/** What happened to the new-comment switch, and what to do next. */
export const HN_NOTIFY_MESSAGES: Readonly<Record<HnNotifyProblem, string>> = {
  offline: 'Turning notifications on needs a connection. Try again when you are back online.',
  dismissed: 'Notifications stay off until you allow them. Turn the switch on again and choose Allow when your browser asks.',
  blocked:
    'Notifications are blocked for Memento in this browser. Allow them in your browser’s site settings (the icon next to the address), then turn the switch on again.',
  unsupported:
    'This browser window cannot receive notifications: push messages are switched off here, as in private and incognito windows. Open Memento in a normal window or the installed app and turn them on there.',
  noPushService:
    'No push service could be reached, so notifications are still off. Your browser’s push service may be blocked on this network or switched off in the browser’s settings. Try again later or on another network.',
  serverUnreachable: 'Memento’s server could not be reached, so notifications are still off. Check your connection and try again.',
  endpointRefused:
    'Memento cannot send notifications to this browser’s push service (it must be a public https address), so they are still off. Try another browser.',
  subscriptionTaken:
    'This browser’s notifications are registered to another Memento account, so they are still off. Sign in with that account, or turn its notifications off first.',
  failed: 'Notifications could not be turned on because of a problem on our side. Try again in a few minutes.',
  turnOffOffline: 'Turning notifications off needs a connection, so this device still gets them. Try again when you are back online.',
  turnOffFailed: 'Notifications could not be turned off because of a problem on our side. Try again in a few minutes.',
  checkOffline: 'You are offline, so Memento cannot check whether this device gets notifications. It checks again once you are back online.',
  checkFailed: 'Memento could not check whether this device gets notifications. Turn the switch on to be sure they come here.',
};
