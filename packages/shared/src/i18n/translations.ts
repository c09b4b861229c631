/**
 * What a quiz and a question hold in other languages than English (issue 18, decision 034), as
 * stored in their `translations` columns and sent by the admin API and the content pack (`hi`).
 */
export interface HindiQuestion {
  questionText: string;
  /** In the English options' order; null keeps the English option (an image, a number, a name). */
  options: Array<string | null>;
  explanation: string | null;
}

export interface QuestionTranslations {
  hi?: HindiQuestion;
}

export interface QuizTranslations {
  hi?: { title: string };
}
