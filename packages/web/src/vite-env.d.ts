/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The grievance contact printed in the privacy notice; set it when building for a deployment. */
  readonly VITE_PRIVACY_EMAIL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** A language's compiled message catalogue (vite.config.ts, messageCatalogues; decision 034). */
declare module 'virtual:quizquest-messages/*' {
  import type { Messages } from '@lingui/core';
  const messages: Messages;
  export default messages;
}
