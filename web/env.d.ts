/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where the API lives; defaults to same-origin `/api`. */
  readonly VITE_API_BASE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** hls.js's light build (no subtitles, alternate audio or DRM) has the full build's API and types. */
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
