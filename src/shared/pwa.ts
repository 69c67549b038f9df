/**
 * The installable app's names and texts, read by the service worker (islands/pwa/), the page
 * and the build (src/pwa/). Cache names are a contract: the offline-music code fills
 * OFFLINE_AUDIO_CACHE from the page; the worker answers from it.
 */
export const OFFLINE_AUDIO_CACHE = 'hearth-offline-audio-v1';
/** The page's message to its worker after it changed OFFLINE_AUDIO_CACHE: the worker re-reads which songs are kept. */
export const KEPT_AUDIO_CHANGED = 'HEARTH_KEPT_AUDIO_CHANGED';
/**
 * The search param the page adds to a kept song's audio URL. The worker's static route sends
 * song audio without it straight to the network, so an idle worker is not started for it.
 */
export const KEPT_AUDIO_PARAM = 'kept';
/** Network-first copies of the signed-in API reads (cleared at sign-out). */
export const API_CACHE = 'hearth-api-v1';
/** Artwork seen while browsing (cleared at sign-out with the API copies). */
export const IMAGE_CACHE = 'hearth-images-v1';
/** A search's reads, network-first like the API copies, only the newest SEARCHES_KEPT of them (cleared at sign-out). */
export const SEARCH_CACHE = 'hearth-searches-v1';
/** Months of searching must not fill a phone: older searches' answers give way. */
export const SEARCHES_KEPT = 50;
/** The worker's caches of what a signed-in user read: dropped at sign-out and when another account signs in. */
export const SIGNED_IN_CACHES = [API_CACHE, IMAGE_CACHE, SEARCH_CACHE] as const;
/** Those of them whose entries Serwist's expiration plugin notes in EXPIRATION_DB. */
export const EXPIRING_CACHES = [IMAGE_CACHE, SEARCH_CACHE] as const;

/**
 * Where the document's first inline script keeps the browser's install offer
 * (`beforeinstallprompt`) when it comes before the app's modules run; the app takes it from there.
 */
export const EARLY_INSTALL_OFFER = '__hearthInstallOffer';
/**
 * Serwist's expiration plugin (the worker's artwork cache) keeps each URL it stored and when, in
 * this IndexedDB database and store, by `cacheName`: Serwist's own names, cleared at sign-out.
 */
export const EXPIRATION_DB = 'serwist-expiration';
export const EXPIRATION_STORE = 'cache-entries';

/** The offline banner's texts (docs/product.md). */
export const OFFLINE_BANNER_TEXT = "You're Offline - Cached content still available";
export const BACK_ONLINE_TEXT = 'Back Online';
export const BACK_ONLINE_MS = 3000;
/** Update checks every 60 minutes (and whenever the page becomes visible). */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** What a page that only works online says while offline (our own text). */
export const NEEDS_CONNECTION_TITLE = "You're Offline";
export const NEEDS_CONNECTION_TEXT = 'This page needs a connection. It opens again once you are back online.';
