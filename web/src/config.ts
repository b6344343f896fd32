/** Business constants of the web app (SPEC section 9): one place, no magic numbers elsewhere. */

/** Contracts with a value ABOVE this are VIP (10000 itself is standard). */
export const VIP_THRESHOLD = 10_000;

/** Toast lifetimes, in ms. */
export const TOAST_DURATION = {
  /** The Toaster's default for anything that does not say otherwise. */
  default: 5_000,
  /** Every toast the app raises… */
  app: 2_000,
  /** …except the two category-delete toasts. */
  categoryDelete: 3_000,
} as const;

/** Wait after a successful create before returning to the list. */
export const CREATE_REDIRECT_DELAY = 1_500;

/** Minimum time the /categorias spinner shows on the page's first load (runs beside the request). */
export const FIRST_LOAD_HOLD = 800;

/** Base of every API call: relative, so the site and the API share one origin. */
export const API_BASE = '/api';

/** Cards rendered per chunk while the user scrolls a long list. */
export const LIST_CHUNK_SIZE = 12;

/** How far below the viewport the next chunk starts rendering. */
export const LIST_PRELOAD_MARGIN = '800px';
