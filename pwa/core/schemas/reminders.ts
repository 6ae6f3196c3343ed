import { z } from 'zod';

/**
 * The reminders API, shared by the app and the server:
 * - GET /api/reminders/public-key: the server's VAPID public key (applicationServerKey).
 * - POST /api/reminders/subscriptions: a browser's push subscription for the signed-in person.
 * - DELETE /api/reminders/subscriptions: forget one of the person's subscriptions by endpoint.
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

/** What `JSON.stringify(pushSubscription)` gives in a browser. */
export const saveSubscriptionRequestSchema = z.object({
  endpoint: pushEndpointSchema,
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    /** The browser's P-256 public key, uncompressed (65 bytes → 87 characters). */
    p256dh: base64url.length(87),
    /** The 16-byte auth secret (22 characters). */
    auth: base64url.min(16).max(64),
  }),
});
export type SaveSubscriptionRequest = z.infer<typeof saveSubscriptionRequestSchema>;

export const saveSubscriptionResponseSchema = z.object({
  /** When the next reminder is due (ISO instant), null when none is planned. */
  nextDueAt: z.string().nullable(),
});
export type SaveSubscriptionResponse = z.infer<typeof saveSubscriptionResponseSchema>;

export const deleteSubscriptionRequestSchema = z.object({
  endpoint: pushEndpointSchema,
});
export type DeleteSubscriptionRequest = z.infer<typeof deleteSubscriptionRequestSchema>;

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
