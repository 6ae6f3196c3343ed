/** The Background Sync tag the pages register and the service worker answers. */
export const SYNC_TAG = 'memento-sync';
