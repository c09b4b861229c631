import { z } from 'zod';
import { findSubLevel, LEVEL_COUNT } from '../catalogue/levels.ts';
import { EXPLANATION_MAX, OPTIONS_PER_QUESTION } from '../constants.ts';
import { hindiQuestionProblems } from '../rules/hindi-question.ts';
import { GradeValue } from './auth.ts';
import { AdminLearnerCertificate } from './credentials.ts';
import { DateFilter } from './dates.ts';
import { QuizOption } from './quizzes.ts';

/**
 * Payloads of the admin API (spec §2 Admin area, §3 Quiz / Question / Stats row, §5 Admin quiz
 * form, §7 /admin calls). The quiz form and the server check a quiz with the same schema, so an
 * alert in the browser and a 400 from the server say the same words.
 */

export const ADMIN_TITLE_MAX = 120;
export const ADMIN_CATEGORY_MAX = 60;
export const ADMIN_QUESTION_TEXT_MAX = 1000;
export const ADMIN_OPTION_TEXT_MAX = 200;
export const ADMIN_QUESTIONS_MAX = 100;
export const ADMIN_ATTEMPTS_MAX = 100;
export const ADMIN_LINK_MAX = 2000;
export const ADMIN_PAGE_SIZE_DEFAULT = 20;
export const ADMIN_PAGE_SIZE_MAX = 100;
/** Quizzes in one import file. */
export const ADMIN_IMPORT_MAX_QUIZZES = 500;
/** The version of the export file format (GET /admin/quizzes/export, POST /admin/quizzes/import). */
export const QUIZ_EXPORT_VERSION = 1;

/** Spec §5: the alerts of the quiz form, letter for letter; the server answers them too. */
export const questionTextOrImageMessage = (n: number) => `Question ${n} must have either text or image.`;
export const allOptionsFilledMessage = (n: number) => `All options must be filled in Question ${n}.`;
export const hindiTextRequiredMessage = (n: number) =>
  `Question ${n} has Hindi options or an explanation but no Hindi question text.`;
export const explanationTooLongMessage = (n: number) =>
  `The explanation of Question ${n} must be at most ${EXPLANATION_MAX} characters.`;
export const correctAnswerMessage = (n: number) =>
  `Choose the correct answer of Question ${n} among its ${OPTIONS_PER_QUESTION} options.`;
export const TITLE_REQUIRED_MESSAGE = 'Title is required';
export const CATEGORY_REQUIRED_MESSAGE = 'Category is required';
export const GRADES_REQUIRED_MESSAGE = 'Choose at least one grade';
export const QUESTIONS_REQUIRED_MESSAGE = 'A quiz needs at least one question';
export const LEARN_MORE_LINK_MESSAGE = 'The Learn More link must start with http:// or https://';
export const PRACTICE_SUB_LEVEL_MESSAGE = 'A practice quiz (level 0) has no sub-level';
export const subLevelRequiredMessage = (level: number) => `Choose a sub-level of Level ${level}`;
export const LEVEL_MESSAGE = `Level must be 0 (practice) to ${LEVEL_COUNT}`;
export const ATTEMPTS_MESSAGE = `Attempts allowed must be 1 to ${ADMIN_ATTEMPTS_MAX}`;
export const QUESTIONS_PER_ATTEMPT_MESSAGE = `Questions per attempt must be 1 to ${ADMIN_QUESTIONS_MAX}, or empty for all`;
export const questionsPerAttemptTooManyMessage = (questions: number) =>
  `Questions per attempt cannot be more than the quiz's ${questions} questions`;

/** True for an http(s) link with a host: what learnMoreLink accepts (javascript:, data: are refused). */
export function isHttpLink(value: string): boolean {
  if (!/^https?:\/\//i.test(value) || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** '' and null mean "none" in a form; both become null. */
/** A question's Hindi version as the server gives it back. */
const HindiQuestionSchema = z.object({
  questionText: z.string(),
  options: z.array(z.string().nullable()),
  explanation: z.string().nullable(),
});

const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * An option as the form sends it. A text option's value is its text; an image option's value is
 * an image data string (a new upload) or the /api/media URL the server gave (kept as it is).
 */
export const AdminOptionInput = z.object({
  type: z.enum(['text', 'image'], { error: 'An option is of type text or image' }),
  value: z.string({ error: 'An option value must be text' }).transform((value) => value.trim()),
});
export type AdminOptionInput = z.input<typeof AdminOptionInput>;

/**
 * A question's Hindi version as the form sends it (issue 18, decision 034): text, four options in
 * the English options' order ('' or null keeps the English option: an image, a number, a name) and
 * the explanation. All empty is no Hindi version.
 */
export const AdminHindiQuestionInput = z
  .object({
    questionText: optionalText(ADMIN_QUESTION_TEXT_MAX, 'The Hindi question text'),
    options: z
      .array(optionalText(ADMIN_OPTION_TEXT_MAX, 'A Hindi option'), { error: 'hi.options must be a list' })
      .max(OPTIONS_PER_QUESTION, `hi.options has at most ${OPTIONS_PER_QUESTION} entries`)
      .default([]),
    explanation: optionalText(EXPLANATION_MAX, 'The Hindi explanation'),
  })
  .nullish()
  .transform((hindi) => {
    if (!hindi) return null;
    const options = Array.from({ length: OPTIONS_PER_QUESTION }, (_, index) => hindi.options[index] ?? null);
    const empty =
      hindi.questionText === null && hindi.explanation === null && options.every((o) => o === null);
    return empty ? null : { questionText: hindi.questionText, options, explanation: hindi.explanation };
  });
export type AdminHindiQuestionInput = z.input<typeof AdminHindiQuestionInput>;

export const AdminQuestionInput = z.object({
  questionText: optionalText(ADMIN_QUESTION_TEXT_MAX, 'Question text').transform((value) => value ?? ''),
  /** An image data string, the /api/media URL of the stored image, or empty for none. */
  questionImage: z
    .string({ error: 'questionImage must be an image' })
    .trim()
    .nullish()
    .transform((value) => (value ? value : null)),
  correctAnswerIndex: z
    .number({ error: 'correctAnswerIndex must be a number' })
    .int('correctAnswerIndex must be a whole number')
    .default(0),
  options: z.array(AdminOptionInput, { error: 'options must be a list' }),
  /** Shown on a result under a wrong answer (decision 029); empty or absent for none. */
  explanation: z
    .string({ error: 'The explanation must be text' })
    .trim()
    .nullish()
    .transform((value) => (value ? value : null)),
  /** Like questionImage: an image data string, the /api/media URL of the stored image, or empty. */
  explanationImage: z
    .string({ error: 'explanationImage must be an image' })
    .trim()
    .nullish()
    .transform((value) => (value ? value : null)),
  /** Options shown in the order written ('All of the above', numbers in order); otherwise shuffled per draw. */
  keepOptionOrder: z.boolean({ error: 'keepOptionOrder must be true or false' }).default(false),
  /**
   * The id of the question this one edits (as GET /admin/quizzes/{id} gave it): it keeps its id,
   * statistics and place in review boxes (decision 031). Absent for a new question.
   */
  _id: z
    .string({ error: '_id must be text' })
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, '_id must be a question id')
    .nullish()
    .transform((value) => value ?? null),
  /** Beside the spec's fields (decision 034): the question in Hindi; absent or null: none. */
  hi: AdminHindiQuestionInput,
});
export type AdminQuestionInput = z.input<typeof AdminQuestionInput>;

/** A level from a select may arrive as '3'; it is a number from 0 to LEVEL_COUNT. */
const LevelField = z.preprocess(
  (value) => (typeof value === 'string' && /^\d{1,2}$/.test(value.trim()) ? Number(value) : value),
  z.number({ error: LEVEL_MESSAGE }).int(LEVEL_MESSAGE).min(0, LEVEL_MESSAGE).max(LEVEL_COUNT, LEVEL_MESSAGE),
);

/**
 * The body of POST /admin/quizzes/add and PUT /admin/quizzes/{id} (spec §7), also one quiz of an
 * import file. Every rule of the admin form (spec §5) is here; the server additionally checks the
 * images by their bytes. The first issue's message is the one the client shows.
 */
export const AdminQuizInput = z
  .object({
    title: z
      .string({ error: TITLE_REQUIRED_MESSAGE })
      .trim()
      .min(1, TITLE_REQUIRED_MESSAGE)
      .max(ADMIN_TITLE_MAX, `Title must be at most ${ADMIN_TITLE_MAX} characters`),
    /** A category name: an existing one (matched ignoring case), or a new one that is created. */
    category: z
      .string({ error: CATEGORY_REQUIRED_MESSAGE })
      .trim()
      .min(1, CATEGORY_REQUIRED_MESSAGE)
      .max(ADMIN_CATEGORY_MAX, `Category must be at most ${ADMIN_CATEGORY_MAX} characters`),
    grades: z
      .array(GradeValue, { error: GRADES_REQUIRED_MESSAGE })
      .min(1, GRADES_REQUIRED_MESSAGE)
      .transform((grades) => [...new Set(grades)]),
    /** 0 = practice; 1 to 10 = certification level. */
    level: LevelField.default(0),
    /** A sub-level id of `level` from the catalogue (L3-C7); none for practice. */
    subLevel: z
      .string({ error: 'subLevel must be text' })
      .trim()
      .nullish()
      .transform((value) => (value ? value : null)),
    showByDefault: z.boolean({ error: 'showByDefault must be true or false' }).default(false),
    learnMoreLink: optionalText(ADMIN_LINK_MAX, 'The Learn More link'),
    /** Attempts allowed per learner (spec §3 quizLimits). Absent: 3 on create, unchanged on edit. */
    attemptsAllowed: z
      .number({ error: ATTEMPTS_MESSAGE })
      .int(ATTEMPTS_MESSAGE)
      .min(1, ATTEMPTS_MESSAGE)
      .max(ADMIN_ATTEMPTS_MAX, ATTEMPTS_MESSAGE)
      .nullish()
      .transform((value) => value ?? null),
    /** Questions one attempt shows, drawn afresh from the pool each time; empty or absent: all. */
    questionsPerAttempt: z
      .number({ error: QUESTIONS_PER_ATTEMPT_MESSAGE })
      .int(QUESTIONS_PER_ATTEMPT_MESSAGE)
      .min(1, QUESTIONS_PER_ATTEMPT_MESSAGE)
      .max(ADMIN_QUESTIONS_MAX, QUESTIONS_PER_ATTEMPT_MESSAGE)
      .nullish()
      .transform((value) => value ?? null),
    /** Beside the spec's fields (decision 034): the quiz's title in Hindi; absent, null or '': none. */
    hi: z
      .object({ title: optionalText(ADMIN_TITLE_MAX, 'The Hindi title') })
      .nullish()
      .transform((hindi) => (hindi?.title ? { title: hindi.title } : null)),
    questions: z
      .array(AdminQuestionInput, { error: QUESTIONS_REQUIRED_MESSAGE })
      .min(1, QUESTIONS_REQUIRED_MESSAGE)
      .max(ADMIN_QUESTIONS_MAX, `A quiz has at most ${ADMIN_QUESTIONS_MAX} questions`),
  })
  .superRefine((quiz, context) => {
    if (quiz.level === 0) {
      if (quiz.subLevel !== null) {
        context.addIssue({ code: 'custom', path: ['subLevel'], message: PRACTICE_SUB_LEVEL_MESSAGE });
      }
    } else if (quiz.subLevel === null || findSubLevel(quiz.subLevel)?.level !== quiz.level) {
      context.addIssue({
        code: 'custom',
        path: ['subLevel'],
        message: subLevelRequiredMessage(quiz.level),
      });
    }
    if (quiz.questionsPerAttempt !== null && quiz.questionsPerAttempt > quiz.questions.length) {
      context.addIssue({
        code: 'custom',
        path: ['questionsPerAttempt'],
        message: questionsPerAttemptTooManyMessage(quiz.questions.length),
      });
    }
    if (quiz.learnMoreLink !== null && !isHttpLink(quiz.learnMoreLink)) {
      context.addIssue({ code: 'custom', path: ['learnMoreLink'], message: LEARN_MORE_LINK_MESSAGE });
    }
    quiz.questions.forEach((question, index) => {
      const n = index + 1;
      const issue = (path: Array<string | number>, message: string) =>
        context.addIssue({ code: 'custom', path: ['questions', index, ...path], message });
      if (question.questionText === '' && question.questionImage === null) {
        issue(['questionText'], questionTextOrImageMessage(n));
      }
      if (
        question.options.length < OPTIONS_PER_QUESTION ||
        question.options.some((option) => option.value === '')
      ) {
        issue(['options'], allOptionsFilledMessage(n));
      } else if (question.options.length > OPTIONS_PER_QUESTION) {
        issue(['options'], `Question ${n} must have exactly ${OPTIONS_PER_QUESTION} options.`);
      }
      question.options.forEach((option, optionIndex) => {
        if (option.type === 'text' && option.value.length > ADMIN_OPTION_TEXT_MAX) {
          issue(
            ['options', optionIndex, 'value'],
            `Option ${optionIndex + 1} of Question ${n} must be at most ${ADMIN_OPTION_TEXT_MAX} characters.`,
          );
        }
      });
      if (question.correctAnswerIndex < 0 || question.correctAnswerIndex >= OPTIONS_PER_QUESTION) {
        issue(['correctAnswerIndex'], correctAnswerMessage(n));
      }
      if (question.explanation !== null && question.explanation.length > EXPLANATION_MAX) {
        issue(['explanation'], explanationTooLongMessage(n));
      }
      if (question.hi) {
        if (question.hi.questionText === null) issue(['hi', 'questionText'], hindiTextRequiredMessage(n));
        const hindi = {
          ...question.hi,
          // An image option shows the image in Hindi too: Hindi text given for it is not used.
          options: question.hi.options.map((text, optionIndex) =>
            question.options[optionIndex]?.type === 'image' ? null : text,
          ),
        };
        for (const problem of hindiQuestionProblems({ ...question, hi: hindi })) {
          issue(problem.path, `Question ${n}: ${problem.message}`);
        }
      }
    });
  });
/** What the form sends. */
export type AdminQuizInput = z.input<typeof AdminQuizInput>;
/** What the server works with after parsing (trimmed, '' → null, defaults applied). */
export type AdminQuizValues = z.output<typeof AdminQuizInput>;

export const AdminQuizIdParams = z.object({ id: z.string() });

const positiveInt = (label: string, max: number) =>
  z.coerce
    .number({ error: `${label} must be a number from 1 to ${max}` })
    .int(`${label} must be a number from 1 to ${max}`)
    .min(1, `${label} must be a number from 1 to ${max}`)
    .max(max, `${label} must be a number from 1 to ${max}`);

/** The filters of the quiz dashboard (also of the export). */
export const AdminQuizFilters = z.object({
  /** Part of the title, ignoring case. */
  title: z
    .string()
    .trim()
    .max(ADMIN_TITLE_MAX, `The title search must be at most ${ADMIN_TITLE_MAX} characters`)
    .optional(),
  /** Created on or after this day. */
  startDate: DateFilter,
  /** Created on or before this day. */
  endDate: DateFilter,
});
export type AdminQuizFilters = z.input<typeof AdminQuizFilters>;

/** GET /admin/quizzes: newest first. */
export const AdminQuizListQuery = AdminQuizFilters.extend({
  page: positiveInt('page', 100_000).default(1),
  pageSize: positiveInt('pageSize', ADMIN_PAGE_SIZE_MAX).default(ADMIN_PAGE_SIZE_DEFAULT),
});
export type AdminQuizListQuery = z.input<typeof AdminQuizListQuery>;

/** One row of the quiz dashboard's table (spec §2: Title, Created, Attempts). */
export const AdminQuizRow = z.object({
  _id: z.string(),
  title: z.string(),
  category: z.string().nullable(),
  level: z.number().int(),
  subLevel: z.string().nullable(),
  grades: z.array(z.string()),
  /** ISO time. */
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Attempts by every learner, ever. */
  totalAttempts: z.number().int(),
  totalQuestions: z.number().int(),
});
export type AdminQuizRow = z.infer<typeof AdminQuizRow>;

export const AdminQuizListResponse = z.object({
  quizzes: z.array(AdminQuizRow),
  /** Quizzes matching the filters, over all pages. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminQuizListResponse = z.infer<typeof AdminQuizListResponse>;

/** A question for editing: with its correct answer; images as /api/media URLs. */
export const AdminQuestion = z.object({
  _id: z.string(),
  questionText: z.string(),
  questionImage: z.string().nullable(),
  correctAnswerIndex: z.number().int(),
  options: z.array(QuizOption),
  /** Null when the question has none. */
  explanation: z.string().nullable(),
  explanationImage: z.string().nullable(),
  /** Options shown in the order written instead of shuffled per draw (decision 031). */
  keepOptionOrder: z.boolean(),
  /** Beside the spec's fields (decision 034): the question in Hindi, or null. */
  hi: HindiQuestionSchema.nullable().optional(),
});
export type AdminQuestion = z.infer<typeof AdminQuestion>;

/** GET /admin/quizzes/{id}: everything the edit form needs, in the shape the form sends back. */
export const AdminQuizDetail = z.object({
  _id: z.string(),
  title: z.string(),
  category: z.string().nullable(),
  grades: z.array(z.string()),
  level: z.number().int(),
  /** 'Level N', null for practice. */
  levelName: z.string().nullable(),
  subLevel: z.string().nullable(),
  showByDefault: z.boolean(),
  learnMoreLink: z.string().nullable(),
  attemptsAllowed: z.number().int(),
  /** Questions one attempt shows, drawn afresh each time; null: all of them (decision 031). */
  questionsPerAttempt: z.number().int().nullable(),
  /** Bumped by every save. */
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  totalAttempts: z.number().int(),
  questions: z.array(AdminQuestion),
  /** Beside the spec's fields (decision 034): the title in Hindi, or null. */
  hi: z.object({ title: z.string() }).nullable().optional(),
});
export type AdminQuizDetail = z.infer<typeof AdminQuizDetail>;

/** POST /admin/quizzes/add (201) and PUT /admin/quizzes/{id} (200). */
export const AdminQuizSaveResponse = z.object({ message: z.string(), quiz: AdminQuizDetail });
export type AdminQuizSaveResponse = z.infer<typeof AdminQuizSaveResponse>;

export const QUIZ_SAVED_MESSAGE = 'Quiz saved successfully!';
export const QUIZ_DELETED_MESSAGE = 'Quiz deleted';

export const AdminCategoriesResponse = z.object({ categories: z.array(z.string()) });
export type AdminCategoriesResponse = z.infer<typeof AdminCategoriesResponse>;

/** GET /admin/quizzes/stats: attempts submitted in [from, to]; one quiz with quizId. */
export const AdminStatsQuery = z.object({
  from: DateFilter,
  to: DateFilter,
  quizId: z.string().trim().optional(),
});
export type AdminStatsQuery = z.input<typeof AdminStatsQuery>;

/** Spec §3 Stats row. Only quizzes with at least one attempt in the range have a row. */
export const AdminStatsRow = z.object({
  quizId: z.string(),
  title: z.string(),
  attempts: z.number().int(),
  /** Mean score in percent, two decimals. */
  averageScore: z.number(),
  /** ISO time of the latest attempt in the range. */
  lastAttempt: z.string(),
  /** The quiz was deleted: its attempts still count (nothing a learner did is lost). */
  deleted: z.boolean(),
});
export type AdminStatsRow = z.infer<typeof AdminStatsRow>;

/** Most attempted first. */
export const AdminStatsResponse = z.object({ stats: z.array(AdminStatsRow) });
export type AdminStatsResponse = z.infer<typeof AdminStatsResponse>;

/** GET /admin/quizzes/{id}/question-stats (decision 031): the quiz's attempts, counted per question. */
export const AdminQuestionStatsQuery = z.object({ from: DateFilter, to: DateFilter });
export type AdminQuestionStatsQuery = z.input<typeof AdminQuestionStatsQuery>;

export const AdminQuestionStatsRow = z.object({
  /** The question's id: the same through edits that keep it (decision 031). */
  questionId: z.string(),
  /** Its text now, or as last shown when it has since been removed. */
  questionText: z.string(),
  /** 1-based place in the quiz now; null when it has been removed. */
  position: z.number().int().nullable(),
  /** Attempts in the range that showed it, and how many of those answered it right. */
  shown: z.number().int(),
  correct: z.number().int(),
  /** Percent right, two decimals. */
  correctRate: z.number(),
});
export type AdminQuestionStatsRow = z.infer<typeof AdminQuestionStatsRow>;

export const AdminQuestionStatsResponse = z.object({ questions: z.array(AdminQuestionStatsRow) });
export type AdminQuestionStatsResponse = z.infer<typeof AdminQuestionStatsResponse>;

/** GET /admin/learners: search by part of the e-mail or the name, ignoring case. */
export const AdminLearnerQuery = z.object({
  query: z.string().trim().max(254, 'The search must be at most 254 characters').optional(),
  page: positiveInt('page', 100_000).default(1),
  pageSize: positiveInt('pageSize', ADMIN_PAGE_SIZE_MAX).default(ADMIN_PAGE_SIZE_DEFAULT),
});
export type AdminLearnerQuery = z.input<typeof AdminLearnerQuery>;

export const AdminLearnerIdParams = z.object({ id: z.string() });

/** A learner as the Learners page lists them: plan in force and progress. */
export const AdminLearnerRow = z.object({
  _id: z.string(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  grade: z.string(),
  isVerified: z.boolean(),
  createdAt: z.string(),
  /** The plan in force now: a paid plan, or free. */
  plan: z.object({ id: z.string(), name: z.string() }),
  /** ISO end of the paid plan in force; null on the free plan. */
  planEndsAt: z.string().nullable(),
  certificationsEarned: z.number().int(),
  attemptsCount: z.number().int(),
});
export type AdminLearnerRow = z.infer<typeof AdminLearnerRow>;

export const AdminLearnerListResponse = z.object({
  learners: z.array(AdminLearnerRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminLearnerListResponse = z.infer<typeof AdminLearnerListResponse>;

export const AdminLearnerSubscription = z.object({
  _id: z.string(),
  planId: z.string(),
  planName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  source: z.enum(['admin', 'webhook']),
  cancelledAt: z.string().nullable(),
  /** In force now. */
  active: z.boolean(),
});
export type AdminLearnerSubscription = z.infer<typeof AdminLearnerSubscription>;

/** GET /admin/learners/{id}: the row plus the history behind it. */
export const AdminLearnerDetail = AdminLearnerRow.extend({
  /** Newest first. */
  subscriptions: z.array(AdminLearnerSubscription),
  certifications: z.array(z.object({ certId: z.string(), level: z.number().int(), earnedAt: z.string() })),
  /** The learner's level certificates, lowest level first, each with its revocation (decision 037). */
  certificates: z.array(AdminLearnerCertificate),
  /** The latest attempts, newest first (at most 20). */
  recentAttempts: z.array(
    z.object({
      _id: z.string(),
      quizId: z.string(),
      title: z.string(),
      level: z.number().int(),
      score: z.number(),
      submittedAt: z.string(),
    }),
  ),
});
export type AdminLearnerDetail = z.infer<typeof AdminLearnerDetail>;

/** A quiz in an export file: the add body, with every image embedded as a data string. */
export const ExportedQuiz = z.object({
  title: z.string(),
  category: z.string(),
  grades: z.array(z.string()),
  level: z.number().int(),
  subLevel: z.string().nullable(),
  showByDefault: z.boolean(),
  learnMoreLink: z.string().nullable(),
  attemptsAllowed: z.number().int(),
  /** Questions one attempt shows; null: all (decision 031). Older exports lack it: all. */
  questionsPerAttempt: z.number().int().nullable().optional(),
  questions: z.array(
    z.object({
      questionText: z.string(),
      questionImage: z.string().nullable(),
      correctAnswerIndex: z.number().int(),
      options: z.array(QuizOption),
      keepOptionOrder: z.boolean().optional(),
      /** Absent in files exported before explanations existed; they still import. */
      explanation: z.string().nullable(),
      explanationImage: z.string().nullable(),
      /** The question in Hindi (decision 034); absent in older files. */
      hi: HindiQuestionSchema.nullable().optional(),
    }),
  ),
  /** The title in Hindi (decision 034); absent in older files. */
  hi: z.object({ title: z.string() }).nullable().optional(),
});
export type ExportedQuiz = z.infer<typeof ExportedQuiz>;

/** GET /admin/quizzes/export (same filters as the list, all pages). */
export const QuizExportFile = z.object({
  version: z.literal(QUIZ_EXPORT_VERSION),
  exportedAt: z.string(),
  quizzes: z.array(ExportedQuiz),
});
export type QuizExportFile = z.infer<typeof QuizExportFile>;

/**
 * POST /admin/quizzes/import: an export file. Each quiz is checked with AdminQuizInput; the
 * server reports every problem by quiz and question and writes nothing unless all are good.
 * Every imported quiz is added as a new quiz; a title already used by a quiz is refused.
 */
export const QuizImportRequest = z.object({
  version: z.literal(QUIZ_EXPORT_VERSION, {
    error: `This is not a QuizQuest quiz export (version ${QUIZ_EXPORT_VERSION})`,
  }),
  exportedAt: z.string().optional(),
  quizzes: z
    .array(AdminQuizInput, { error: 'quizzes must be a list' })
    .min(1, 'The file holds no quiz')
    .max(ADMIN_IMPORT_MAX_QUIZZES, `At most ${ADMIN_IMPORT_MAX_QUIZZES} quizzes per import`),
});
export type QuizImportRequest = z.input<typeof QuizImportRequest>;

/** One problem of an import: quiz is 1-based in file order; question is 1-based, or null. */
export const QuizImportProblem = z.object({
  quiz: z.number().int(),
  title: z.string().nullable(),
  question: z.number().int().nullable(),
  message: z.string(),
});
export type QuizImportProblem = z.infer<typeof QuizImportProblem>;

/** The 400 of an import: nothing was written. */
export const QuizImportErrorResponse = z.object({
  message: z.string(),
  errors: z.array(QuizImportProblem),
});
export type QuizImportErrorResponse = z.infer<typeof QuizImportErrorResponse>;

export const QuizImportResponse = z.object({
  message: z.string(),
  imported: z.number().int(),
  quizzes: z.array(z.object({ _id: z.string(), title: z.string() })),
});
export type QuizImportResponse = z.infer<typeof QuizImportResponse>;
