/** Business constants of the web app (the spec's and ours): one place, no magic numbers elsewhere. */

/** Contracts with a value ABOVE this are VIP (10000 itself is standard): the contract's constant, which the server's totals count with. */
export { VIP_THRESHOLD } from '@contract';

/** Days the home's "Atualizações recentes" covers: the contract's constant (the feed items' TTL). */
export { ACTIVITY_FEED_DAYS } from '@contract';

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

/** The runtime configuration the deployment writes beside the site (sign-in on or off, the user pool). */
export const CONFIG_URL = '/config.json';

/** The access token is renewed this long before it expires (Cognito's tokens live 60 min). */
export const TOKEN_RENEW_MARGIN = 5 * 60_000;

/** After a renewal that found no network, the next try. */
export const TOKEN_RENEW_RETRY = 30_000;

/**
 * The cookie that tells the edge which prerendered home to serve (lib/inicio.ts): its value
 * `visitante` asks for the compact sign-in invitation. The CloudFront Function spells it too
 * (infra/cloudfront/spa-rewrite.js; a test holds them equal).
 */
export const HOME_COOKIE = 'clientela-inicio';

/** Where the refresh token is kept: sessionStorage, or localStorage with 'Manter conectado'. */
export const SESSION_STORAGE_KEY = 'clientela.sessao';

/**
 * The Cognito group of administrators: the contract's ADMIN_GROUP (a unit test holds them equal).
 * The app shell keeps its own copy: importing the contract's would put the sign-in rules' module
 * (password policy and all) into the initial JavaScript of every page.
 */
export const ADMIN_GROUP = 'admin';

/** A client card shows "Renova em N dias" when its contract ends within this many days. */
export const RENEWAL_BADGE_DAYS = 30;

/** The windows of "Contratos a renovar", in days; the first is the default. */
export const RENEWAL_WINDOWS = [30, 60, 90] as const;

/** Contracts that ended up to this many days ago are still listed to renew, first ("Vencido há N dias"). */
export const RENEWAL_OVERDUE_DAYS = 90;

/**
 * The client lists load the spec's whole list (exact "contains" search, every sort and chip
 * combination, local) up to this many clients, and above it the paged form (docs/spec-differences.md).
 */
export const LIST_PAGED_ABOVE = 2_000;

/**
 * Above this many clients (a CSV of about 100 MB) the streaming export asks where to save the file
 * and writes it as it goes, where the browser can (File System Access API); else, and below it, a
 * download as usual.
 */
export const EXPORT_TO_FILE_ABOVE = 200_000;

/**
 * Up to this many clients (about 5 MB of the whole list's JSON, read in about a second) the paged
 * list's export reads a view the whole list serves from it and the notes, two reads, rather than
 * one page of 100 after the other (docs/performance.md); above it, or when the whole list answers
 * 413, page by page.
 */
export const EXPORT_WHOLE_LIST_MAX = 20_000;

/**
 * What a client read page by page costs, in clients of the whole list: a page of 100 with its notes
 * takes about 20 ms, the whole list about 23 ms a thousand (docs/performance.md). So a view under a
 * tenth of the portfolio (a category, its VIPs) is exported from its own pages, not the whole list.
 */
export const EXPORT_PAGED_CLIENT_COST = 10;

/** Clients per page of the paged list (a multiple of 2, 3 and 4: full rows of cards). */
export const LIST_PAGE_SIZE = 24;

/**
 * The paged list stops loading past this many cards (memory bounded at any size: each card costs
 * about 30 KB of JS heap, 2,400 measured 75.6 MB); search and filters reach the rest.
 */
export const LIST_PAGED_MAX_LOADED = 1_200;

/**
 * Reading ahead on the paged list: once a view's first cards show and the user pauses, the first
 * page of each view one click away (the other sorts, each chip) is read in idle time, so that
 * click shows its cards at once (docs/performance.md: what it costs).
 */
export const LIST_PREFETCH = {
  /** The pause after the first cards before the first read ahead, in ms. */
  delayMs: 500,
  /** Reads ahead in flight at once. */
  concurrency: 2,
  /** Views read ahead from one view, at most (6 other sorts, 2 chips, the categories). */
  perView: 32,
  /** First pages kept, at most (each about 24 cards of JSON, the oldest dropped first). */
  kept: 64,
} as const;
