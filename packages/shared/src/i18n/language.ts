import { z } from 'zod';
import { LANGUAGES } from './languages.ts';

export const LANGUAGE_MESSAGE = 'Choose English or Hindi';
/** A learner's language in a request body (decision 034). */
export const LanguageField = z.enum(LANGUAGES, { error: LANGUAGE_MESSAGE });
