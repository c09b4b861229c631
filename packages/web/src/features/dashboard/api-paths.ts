/** The dashboard's API reads (spec §7), without their schemas: route-preload.ts starts them early. */
export const CERTIFICATION_PROGRESS_PATH = '/certification/progress';
