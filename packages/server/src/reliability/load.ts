import type { Database } from '../db/index.ts';
import { insertUser } from '../testing/index.ts';
import { insertQuiz, type TestQuiz } from '../testing/quizzes.ts';
import { subLevelIdsOf, subscribe } from '../testing/certification.ts';
import { login, openAndSubmit, quizKeyOf, type Answer, type Ledger, type QuizKey } from './harness.ts';

/**
 * A write load of quiz submissions: learners on the Ultimate plan (no cap) answering practice
 * quizzes and every Level 1 certification quiz, so attempts, certifications and certificates are
 * all being written when a fault strikes.
 */
export interface LoadSeed {
  learners: Array<{ id: string; email: string }>;
  quizzes: TestQuiz[];
  /** The Level 1 certification quizzes (also in `quizzes`), in sub-level order. */
  certificationQuizzes: TestQuiz[];
  /** Each quiz's answer key, by quiz id: a submission answers the draw it opened (decision 031). */
  keys: Map<string, QuizKey>;
}

export async function seedLoad(database: Database, learnerCount = 4): Promise<LoadSeed> {
  const now = new Date();
  const learners: LoadSeed['learners'] = [];
  for (let index = 0; index < learnerCount; index += 1) {
    const user = await insertUser(database);
    await subscribe(database, user.id, 'plan299', now);
    learners.push({ id: user.id, email: user.email });
  }
  const quizzes: TestQuiz[] = [];
  for (let index = 0; index < 3; index += 1) {
    quizzes.push(
      await insertQuiz(database, { title: `Load practice ${index + 1}`, attemptsAllowed: 100_000 }),
    );
  }
  const certificationQuizzes: TestQuiz[] = [];
  for (const subLevel of subLevelIdsOf(1)) {
    certificationQuizzes.push(
      await insertQuiz(database, {
        title: `Load certification ${subLevel}`,
        level: 1,
        subLevel,
        attemptsAllowed: 100_000,
      }),
    );
  }
  const all = [...quizzes, ...certificationQuizzes];
  const keys = new Map<string, QuizKey>();
  for (const quiz of all) keys.set(quiz.id, await quizKeyOf(database, quiz.id));
  return { learners, quizzes: all, certificationQuizzes, keys };
}

export interface Acknowledged {
  attemptId: string;
  learner: number;
}

export interface RunningLoad {
  tokens: string[];
  acknowledged: Acknowledged[];
  answers: Answer[];
  /** Stops sending and waits for the requests in flight. */
  stop: () => Promise<void>;
}

/**
 * `workers` loops submitting as fast as answers come back, to whatever `baseUrl()` returns now:
 * each opens the quiz (the learner's draw) and submits it all right, as the web app does. A
 * learner's quiz is taken by one worker at a time (two on one draw would make the second a 409,
 * not a fault).
 * A 201 is an acknowledged attempt, kept with its id; `allow503(answer)` says a 503 was expected
 * for that answer (the database was down while it was being served).
 */
export async function startLoad(
  seed: LoadSeed,
  baseUrl: () => string,
  ledger: Ledger,
  options: { workers?: number; allow503?: (answer: Answer) => boolean; what?: string } = {},
): Promise<RunningLoad> {
  const tokens = await Promise.all(seed.learners.map((learner) => login(baseUrl(), learner.email)));
  const acknowledged: Acknowledged[] = [];
  const answers: Answer[] = [];
  // Sub-levels are earned in order (decision 023): each learner takes the certification quizzes
  // one after the other, moving on only once the last one was acknowledged (every answer passes);
  // once all are earned, any of them may be retaken.
  const { certificationQuizzes } = seed;
  const nextCertification = seed.learners.map(() => 0);
  /** `learner:quiz` pairs a worker is taking now. */
  const taking = new Set<string>();
  let running = true;
  const worker = async (index: number) => {
    let turn = index;
    while (running) {
      const learner = turn % seed.learners.length;
      let quiz = seed.quizzes[turn % seed.quizzes.length];
      turn += 1;
      if (!quiz) continue;
      const step = nextCertification[learner] ?? 0;
      if (certificationQuizzes.includes(quiz) && step < certificationQuizzes.length) {
        quiz = certificationQuizzes[step] ?? quiz;
      }
      const key = seed.keys.get(quiz.id);
      if (!key) throw new Error(`no key for ${quiz.id}`);
      const pair = `${learner}:${quiz.id}`;
      if (taking.has(pair)) {
        // Another worker is on this draw: try the next turn (after yielding, never spinning).
        await new Promise((resolve) => setImmediate(resolve));
        continue;
      }
      taking.add(pair);
      const answer = await openAndSubmit(baseUrl(), tokens[learner] ?? '', key).finally(() =>
        taking.delete(pair),
      );
      const allow503 = options.allow503?.(answer) ?? false;
      answers.push(answer);
      if (answer.status !== 0) ledger.record(options.what ?? 'submit under load', answer, allow503);
      if (answer.status === 201) {
        acknowledged.push({ attemptId: String(answer.body?.attemptId), learner });
        const taken = certificationQuizzes.indexOf(quiz);
        if (taken !== -1 && taken === nextCertification[learner]) nextCertification[learner] = taken + 1;
      }
      // No answer or a refusal (the server or its database is down): do not spin.
      if (answer.status === 0 || answer.status >= 500)
        await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const workers = Array.from({ length: options.workers ?? 8 }, (_, index) => worker(index));
  return {
    tokens,
    acknowledged,
    answers,
    stop: async () => {
      running = false;
      await Promise.all(workers);
    },
  };
}
