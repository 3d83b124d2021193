/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where the API lives; defaults to same-origin `/api`. */
  readonly VITE_API_BASE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
