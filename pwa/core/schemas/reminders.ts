import { z } from 'zod';

/**
 * The reminders API, shared by the app and the server:
 * - GET /api/reminders/public-key: the server's VAPID public key (applicationServerKey).
 * - POST /api/reminders/subscriptions: a browser's push subscription for the signed-in person,
 *   saved for a purpose (below).
 * - DELETE /api/reminders/subscriptions: a browser no longer wants a purpose's pushes; the server
 *   forgets the subscription once nothing uses it, and says whether it kept it.
 * - GET /api/reminders/subscriptions/status?endpoint=: what one of the person's browsers takes.
 */

/** base64url without padding, as PushSubscription.toJSON() gives keys. */
const base64url = z.string().regex(/^[A-Za-z0-9_-]+$/, 'Expected base64url');

/** A push service address: https in the wild; http only reaches a local test endpoint. */
export const pushEndpointSchema = z
  .string()
  .max(2048)
  .regex(/^https?:\/\/[^\s/?#]+(?:[/?#]\S*)?$/, 'Expected an https URL');

export const publicKeyResponseSchema = z.object({
  /** The VAPID public key: an uncompressed P-256 point, base64url (87 characters). */
  publicKey: base64url,
});
export type PublicKeyResponse = z.infer<typeof publicKeyResponseSchema>;

/**
 * What a subscription is saved or released for. The daily reminder itself is one setting per
 * person (the synced profile's reminderEnabled): every browser that can receive pushes gets it
 * while it is on. New-comment notices of the launch tracker are chosen per browser.
 */
export const PUSH_PURPOSES = ['daily-reminder', 'hn-comments'] as const;
export const pushPurposeSchema = z.enum(PUSH_PURPOSES);
export type PushPurpose = z.infer<typeof pushPurposeSchema>;

/** What `JSON.stringify(pushSubscription)` gives in a browser. */
export const browserSubscriptionSchema = z.object({
  endpoint: pushEndpointSchema,
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    /** The browser's P-256 public key, uncompressed (65 bytes → 87 characters). */
    p256dh: base64url.length(87),
    /** The 16-byte auth secret (22 characters). */
    auth: base64url.min(16).max(64),
  }),
});
export type BrowserSubscription = z.infer<typeof browserSubscriptionSchema>;

export const saveSubscriptionRequestSchema = browserSubscriptionSchema.extend({
  /** Absent: the daily reminder's switch (what every client sent before there were purposes). */
  purpose: pushPurposeSchema.optional(),
});
export type SaveSubscriptionRequest = z.infer<typeof saveSubscriptionRequestSchema>;

export const saveSubscriptionResponseSchema = z.object({
  /** When the next reminder is due (ISO instant), null when none is planned. */
  nextDueAt: z.string().nullable(),
});
export type SaveSubscriptionResponse = z.infer<typeof saveSubscriptionResponseSchema>;

export const deleteSubscriptionRequestSchema = z.object({
  endpoint: pushEndpointSchema,
  /** Absent: the daily reminder's switch. */
  purpose: pushPurposeSchema.optional(),
});
export type DeleteSubscriptionRequest = z.infer<typeof deleteSubscriptionRequestSchema>;

export const deleteSubscriptionResponseSchema = z.object({
  /**
   * Whether the server still keeps the subscription for another purpose: while it does, the
   * browser must stay subscribed; once it does not, the browser may unsubscribe.
   */
  kept: z.boolean(),
});
export type DeleteSubscriptionResponse = z.infer<typeof deleteSubscriptionResponseSchema>;

export const subscriptionStatusQuerySchema = z.object({ endpoint: pushEndpointSchema });

export const subscriptionStatusResponseSchema = z.object({
  /** The server has this browser's subscription for the signed-in person. */
  saved: z.boolean(),
  /** It takes the launch tracker's new-comment notices. */
  hnComments: z.boolean(),
});
export type SubscriptionStatusResponse = z.infer<typeof subscriptionStatusResponseSchema>;

/** The payload of a reminder push, read by the service worker. */
export const reminderPushSchema = z.object({
  kind: z.literal('daily-reminder'),
  title: z.string().max(100),
  body: z.string().max(300),
  /** The practice day the reminder is for. */
  day: z.string(),
  /** Where a tap on the notification leads (same origin path). */
  url: z.string().startsWith('/'),
});
export type ReminderPush = z.infer<typeof reminderPushSchema>;

export const REMINDER_NOTIFICATION_TAG = 'memento-daily-reminder';
