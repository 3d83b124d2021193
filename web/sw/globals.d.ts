/** Set by the build (vite.config.ts, `serviceWorker`): the app shell's files and their version. */
declare const SW_PRECACHE: readonly string[];
/** A hash of the precached files: a new build's worker keeps its shell in a cache of its own. */
declare const SW_VERSION: string;
