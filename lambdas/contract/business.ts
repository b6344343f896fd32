/**
 * Business constants the web's first pages draw with (the home, the lists), apart from the
 * limits module so that taking them does not take the forms' limits along.
 */

/**
 * Contracts with a value ABOVE this are VIP (10000 itself is standard): the server's aggregates
 * count them with this, and the web's config.ts re-exports it (one constant).
 */
export const VIP_THRESHOLD = 10_000;

/** Whether a contract value is VIP. */
export const isVipValue = (valorContrato: number): boolean => valorContrato > VIP_THRESHOLD;

/** Days an activity feed item lives (TTL): the feed shows recent changes, a record's history keeps them all. */
export const ACTIVITY_FEED_DAYS = 90;
