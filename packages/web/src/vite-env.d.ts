/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The grievance contact printed in the privacy notice; set it when building for a deployment. */
  readonly VITE_PRIVACY_EMAIL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
