// The content checks: what a content author must keep true of the bundled pack
// (docs/content-format.md). They read the JSON directly, so one broken file does not hide the
// problems of the others.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ContentPack, EXPLANATION_MAX, LEVELS, type ContentQuizInput } from '@quizquest/shared';
import { sniffImageType } from '../src/lib/media.ts';

const CONTENT_DIR = path.dirname(fileURLToPath(import.meta.url));
const MAX_IMAGE_SIDE_PX = 600;
const MAX_IMAGE_BYTES = 200 * 1024;
const MIN_QUESTIONS = 8;
/** Questions of each certification sub-level's pool at least (issue 17). */
const CERTIFICATION_POOL = 25;

function listJson(folder: string): string[] {
  const dir = path.join(CONTENT_DIR, folder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => `${folder}/${name}`);
}

interface PackFile {
  file: string;
  raw: unknown;
  /** The quizzes as written; an unreadable file holds none. */
  quizzes: ContentQuizInput[];
}

const files: PackFile[] = [...listJson('certification'), ...listJson('practice')].map((file) => {
  try {
    const raw: unknown = JSON.parse(readFileSync(path.join(CONTENT_DIR, file), 'utf8'));
    const quizzes = Array.isArray(raw)
      ? (raw as unknown[]).filter((quiz) => quiz && typeof quiz === 'object')
      : [];
    return { file, raw, quizzes: quizzes as ContentQuizInput[] };
  } catch (error) {
    return { file, raw: error, quizzes: [] };
  }
});
const allQuizzes = files.flatMap(({ file, quizzes }) => quizzes.map((quiz) => ({ file, quiz })));
const practiceQuizzes = allQuizzes.filter(({ file }) => file.startsWith('practice/')).map(({ quiz }) => quiz);
const where = (quiz: ContentQuizInput, questionIndex?: number) =>
  `${quiz.key}${questionIndex === undefined ? '' : ` question ${questionIndex + 1}`}`;

describe('content files', () => {
  it('has certification and practice files', () => {
    expect(files.filter(({ file }) => file.startsWith('certification/')).length).toBeGreaterThan(0);
    expect(files.filter(({ file }) => file.startsWith('practice/')).length).toBeGreaterThan(0);
  });

  it.each(files.map(({ file }) => file))('%s validates with the shared schema', (file) => {
    const entry = files.find((candidate) => candidate.file === file);
    expect(entry?.raw, `${file} is not valid JSON`).not.toBeInstanceOf(Error);
    const parsed = ContentPack.safeParse(entry?.raw);
    const problems = parsed.success
      ? []
      : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(problems).toEqual([]);
  });
});

describe('questions', () => {
  it('have exactly 4 distinct options (ignoring case) and a correct index pointing at one of them', () => {
    const problems: string[] = [];
    for (const { quiz } of allQuizzes) {
      (quiz.questions ?? []).forEach((question, index) => {
        const values = (question.options ?? []).map((option) =>
          String(option?.value ?? '')
            .trim()
            .toLowerCase(),
        );
        if (values.length !== 4) problems.push(`${where(quiz, index)}: ${values.length} options`);
        if (new Set(values).size !== values.length) problems.push(`${where(quiz, index)}: repeated option`);
        if (values.some((value) => value === '')) problems.push(`${where(quiz, index)}: empty option`);
        const correct = question.correctAnswerIndex;
        if (!Number.isInteger(correct) || correct < 0 || correct >= values.length) {
          problems.push(`${where(quiz, index)}: correctAnswerIndex ${correct}`);
        }
      });
    }
    expect(problems).toEqual([]);
  });

  it('put the correct answer in no position more than 35 % of the time within a quiz', () => {
    const problems: string[] = [];
    for (const { quiz } of allQuizzes) {
      const questions = quiz.questions ?? [];
      const counts = [0, 0, 0, 0];
      for (const question of questions)
        counts[question.correctAnswerIndex] = (counts[question.correctAnswerIndex] ?? 0) + 1;
      const most = Math.max(...counts);
      if (questions.length > 0 && most > 0.35 * questions.length) {
        problems.push(`${quiz.key}: ${most} of ${questions.length} correct answers in one position`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('do not repeat within a quiz', () => {
    const problems: string[] = [];
    for (const { quiz } of allQuizzes) {
      const seen = new Set<string>();
      (quiz.questions ?? []).forEach((question, index) => {
        const text = String(question.questionText ?? '')
          .trim()
          .toLowerCase();
        if (seen.has(text)) problems.push(`${where(quiz, index)}: "${question.questionText}" again`);
        seen.add(text);
      });
    }
    expect(problems).toEqual([]);
  });

  it('each have an explanation of 1 to 1000 characters that says more than the correct option', () => {
    // The schema keeps explanations optional (an admin's quiz may have none); the bundled pack has
    // one for every question (docs/content-review.md).
    const problems: string[] = [];
    for (const { quiz } of allQuizzes) {
      (quiz.questions ?? []).forEach((question, index) => {
        if (question.explanation === undefined) {
          problems.push(`${where(quiz, index)}: no explanation`);
          return;
        }
        const explanation = typeof question.explanation === 'string' ? question.explanation.trim() : null;
        if (explanation === null || explanation.length < 1 || explanation.length > EXPLANATION_MAX) {
          problems.push(
            `${where(quiz, index)}: the explanation must be text of 1 to ${EXPLANATION_MAX} characters`,
          );
          return;
        }
        const correct = question.options?.[question.correctAnswerIndex];
        if (
          correct?.type === 'text' &&
          explanation.toLowerCase() === String(correct.value).trim().toLowerCase()
        ) {
          problems.push(`${where(quiz, index)}: the explanation only repeats the correct answer`);
        }
      });
    }
    expect(problems).toEqual([]);
  });

  it('for Nursery to Sr. Kg are short enough to be read aloud: questions of at most 12 words, explanations of at most 15', () => {
    const EARLY = new Set(['Nursery', 'Jr-Kg', 'Sr-Kg']);
    const words = (text: unknown) =>
      String(text ?? '')
        .trim()
        .split(/\s+/)
        .filter(Boolean).length;
    const problems: string[] = [];
    for (const { quiz } of allQuizzes) {
      const grades: unknown[] = Array.isArray(quiz.grades) ? quiz.grades : [];
      if (grades.length === 0 || !grades.every((grade) => EARLY.has(String(grade)))) continue;
      (quiz.questions ?? []).forEach((question, index) => {
        if (words(question.questionText) > 12)
          problems.push(`${where(quiz, index)}: the question has more than 12 words`);
        if (words(question.explanation) > 15)
          problems.push(`${where(quiz, index)}: the explanation has more than 15 words`);
        // Read aloud in Hindi too (issue 18).
        if (question.hi && words(question.hi.questionText) > 12)
          problems.push(`${where(quiz, index)}: the Hindi question has more than 12 words`);
        if (question.hi && words(question.hi.explanation) > 15)
          problems.push(`${where(quiz, index)}: the Hindi explanation has more than 15 words`);
      });
    }
    expect(problems).toEqual([]);
  });

  it('of the form "What is A op B?" have the recomputed number as their correct option', () => {
    const number = String.raw`(-?\d[\d,]*(?:\.\d+)?)`;
    const arithmetic = new RegExp(String.raw`What is ${number}\s*([-+−–×x*÷/])\s*${number}\s*\?\s*$`);
    const compute: Record<string, (a: number, b: number) => number> = {
      '+': (a, b) => a + b,
      '-': (a, b) => a - b,
      '−': (a, b) => a - b,
      '–': (a, b) => a - b,
      '×': (a, b) => a * b,
      x: (a, b) => a * b,
      '*': (a, b) => a * b,
      '÷': (a, b) => a / b,
      '/': (a, b) => a / b,
    };
    const problems: string[] = [];
    let checked = 0;
    for (const { quiz } of allQuizzes) {
      (quiz.questions ?? []).forEach((question, index) => {
        const match = arithmetic.exec(String(question.questionText ?? ''));
        if (!match) return;
        checked += 1;
        const [, a, op, b] = match;
        const expected = compute[op ?? '']?.(Number(a?.replace(/,/g, '')), Number(b?.replace(/,/g, '')));
        const answer = question.options?.[question.correctAnswerIndex]?.value ?? '';
        const isPlainNumber = /^-?\d+(?:\.\d+)?$/.test(answer);
        if (expected === undefined || !isPlainNumber || Math.abs(Number(answer) - expected) > 1e-9) {
          problems.push(
            `${where(quiz, index)}: "${question.questionText}" answers "${answer}", expected ${expected}`,
          );
        }
      });
    }
    expect(problems).toEqual([]);
    // The pack has sums in several levels and practice files: finding none means the pattern broke.
    expect(checked).toBeGreaterThanOrEqual(20);
  });
});

describe('Hindi versions (issue 18)', () => {
  const DEVANAGARI = /[\u0900-\u097F]/;

  it('are whole: a quiz with any Hindi has a Hindi title and every question in Hindi', () => {
    const problems: string[] = [];
    for (const { quiz } of allQuizzes) {
      const questions = quiz.questions ?? [];
      const translated = questions.filter((question) => question.hi).length;
      if (!quiz.hi && translated === 0) continue;
      if (!quiz.hi) problems.push(`${where(quiz)}: Hindi questions but no Hindi title`);
      if (translated !== questions.length)
        problems.push(`${where(quiz)}: ${translated} of ${questions.length} questions in Hindi`);
    }
    expect(problems).toEqual([]);
  });

  it('cover every Nursery–Class 5 practice quiz and certification Levels 1–5 (a generated quiz: its title)', () => {
    const YOUNG = new Set(['Nursery', 'Jr-Kg', 'Sr-Kg', 'c-1', 'c-2', 'c-3', 'c-4', 'c-5']);
    const missing = allQuizzes
      .filter(({ quiz }) => {
        const level = Number(quiz.level ?? 0);
        const grades: unknown[] = Array.isArray(quiz.grades) ? quiz.grades : [];
        const inScope = level === 0 ? grades.some((grade) => YOUNG.has(String(grade))) : level <= 5;
        // A generated Maths quiz has a Hindi title too; its questions are the generators' (inHindi).
        return inScope && !quiz.hi;
      })
      .map(({ file, quiz }) => `${file}: ${quiz.key}`);
    expect(missing).toEqual([]);
  });

  it('are written in Hindi: titles and explanations in Devanagari, and never the English text again', () => {
    const problems: string[] = [];
    for (const { quiz } of allQuizzes) {
      if (quiz.hi && !DEVANAGARI.test(quiz.hi.title))
        problems.push(`${where(quiz)}: the Hindi title is not Hindi`);
      (quiz.questions ?? []).forEach((question, index) => {
        if (!question.hi) return;
        if (question.hi.explanation !== undefined && !DEVANAGARI.test(question.hi.explanation))
          problems.push(`${where(quiz, index)}: the Hindi explanation is not Hindi`);
        if (
          question.hi.questionText.trim() === question.questionText.trim() &&
          !/['‘’"]/.test(question.questionText)
        )
          problems.push(`${where(quiz, index)}: the Hindi question is the English one`);
      });
    }
    expect(problems).toEqual([]);
  });
});

describe('quizzes', () => {
  it('have keys and titles unique across the pack', () => {
    const duplicates = (values: string[]) => values.filter((value, index) => values.indexOf(value) !== index);
    expect(duplicates(allQuizzes.map(({ quiz }) => quiz.key))).toEqual([]);
    expect(duplicates(allQuizzes.map(({ quiz }) => String(quiz.title).trim().toLowerCase()))).toEqual([]);
  });
});

describe('certification', () => {
  it.each(LEVELS.map((level) => [level.id, level] as const))(
    'level %i: every sub-level has exactly one quiz, a pool of at least 25 questions showing 10, titled by the catalogue',
    (levelId, level) => {
      const file = `certification/level-${String(levelId).padStart(2, '0')}.json`;
      const problems: string[] = [];
      if (!files.some((entry) => entry.file === file)) problems.push(`${file} is missing`);
      for (const subLevel of level.subLevels) {
        const matches = allQuizzes.filter(({ quiz }) => quiz.subLevel === subLevel.id);
        if (matches.length !== 1) {
          problems.push(`${subLevel.id}: ${matches.length} quizzes`);
          continue;
        }
        const [{ file: quizFile, quiz }] = matches as [(typeof matches)[number]];
        if (quizFile !== file) problems.push(`${subLevel.id}: in ${quizFile}, not ${file}`);
        if (quiz.level !== levelId) problems.push(`${subLevel.id}: level ${quiz.level}`);
        if (quiz.title !== subLevel.name)
          problems.push(`${subLevel.id}: titled "${quiz.title}", not "${subLevel.name}"`);
        // A pool (issue 17): three attempts of 10 never repeat a whole set.
        const count = quiz.questions?.length ?? 0;
        if (count < CERTIFICATION_POOL)
          problems.push(`${subLevel.id}: ${count} questions, not a pool of ${CERTIFICATION_POOL}`);
        if (quiz.questionsPerAttempt !== 10)
          problems.push(`${subLevel.id}: shows ${quiz.questionsPerAttempt ?? 'all'}, not 10`);
      }
      const strays = allQuizzes
        .filter(
          ({ file: quizFile, quiz }) =>
            quizFile === file && !level.subLevels.some((s) => s.id === quiz.subLevel),
        )
        .map(({ quiz }) => `${quiz.key}: sub-level ${quiz.subLevel} does not belong in ${file}`);
      problems.push(...strays);
      expect(problems).toEqual([]);
    },
  );
});

describe('practice', () => {
  const BANDS: Record<string, string[]> = {
    'Nursery to Sr. Kg': ['Nursery', 'Jr-Kg', 'Sr-Kg'],
    'Classes 1–2': ['c-1', 'c-2'],
    'Classes 3–5': ['c-3', 'c-4', 'c-5'],
    'Classes 6–8': ['c-6', 'c-7', 'c-8'],
    'Classes 9–10': ['c-9', 'c-10'],
    'Classes 11–12': ['c-11', 'c-12'],
  };

  it('has at least 6 categories with a quiz for every grade band', () => {
    const categories = [...new Set(practiceQuizzes.map((quiz) => quiz.category))];
    const gaps = categories.map((category) => {
      const quizzes = practiceQuizzes.filter((quiz) => quiz.category === category);
      const missing = Object.entries(BANDS)
        .filter(
          ([, grades]) =>
            !quizzes.some((quiz) => grades.every((grade) => (quiz.grades ?? []).includes(grade))),
        )
        .map(([band]) => band);
      return { category, missing };
    });
    const complete = gaps.filter((gap) => gap.missing.length === 0);
    expect(
      complete.length,
      `bands missing: ${JSON.stringify(gaps.filter((gap) => gap.missing.length))}`,
    ).toBeGreaterThanOrEqual(6);
  });

  it('quizzes are practice (level 0), have at least 8 questions, and some show by default', () => {
    const problems = practiceQuizzes.flatMap((quiz) => [
      ...(quiz.level === 0 && quiz.subLevel === undefined
        ? []
        : [`${quiz.key}: level ${quiz.level} ${quiz.subLevel}`]),
      // A generated quiz (decision 033) shows questionsPerAttempt fresh questions every time.
      ...((quiz.generator ? (quiz.questionsPerAttempt ?? 0) : (quiz.questions?.length ?? 0)) >= MIN_QUESTIONS
        ? []
        : [`${quiz.key}: ${quiz.questions?.length} questions`]),
    ]);
    expect(problems).toEqual([]);
    expect(practiceQuizzes.filter((quiz) => quiz.showByDefault === true).length).toBeGreaterThanOrEqual(1);
  });
});

describe('topic quizzes (issue 17)', () => {
  const BAND_GRADES: Record<string, string[]> = {
    early: ['Nursery', 'Jr-Kg', 'Sr-Kg'],
    'c1-2': ['c-1', 'c-2'],
    'c3-5': ['c-3', 'c-4', 'c-5'],
    'c6-8': ['c-6', 'c-7', 'c-8'],
    'c9-10': ['c-9', 'c-10'],
    'c11-12': ['c-11', 'c-12'],
  };
  const CATEGORY_OF: Record<string, string> = {
    maths: 'Maths',
    english: 'English',
    science: 'Science',
    'general-knowledge': 'General Knowledge',
    'logical-reasoning': 'Logical Reasoning',
    computers: 'Computers',
  };
  const TOPIC_FILE = /^practice\/([a-z-]+)-(early|c1-2|c3-5|c6-8|c9-10|c11-12)\.json$/;
  const topicFiles = files.filter(({ file }) => TOPIC_FILE.test(file));

  it('are pools of at least 30 questions showing 10, for their band and category, never shown by default', () => {
    const problems = topicFiles.flatMap(({ file, quizzes }) => {
      const [, slug = '', band = ''] = TOPIC_FILE.exec(file) ?? [];
      return quizzes.flatMap((quiz) => [
        ...((quiz.questions?.length ?? 0) >= 30 ? [] : [`${quiz.key}: ${quiz.questions?.length} questions`]),
        ...(quiz.questionsPerAttempt === 10
          ? []
          : [`${quiz.key}: questionsPerAttempt ${quiz.questionsPerAttempt}`]),
        ...(quiz.category === CATEGORY_OF[slug] ? [] : [`${quiz.key}: category ${quiz.category} in ${file}`]),
        ...(JSON.stringify(quiz.grades) === JSON.stringify(BAND_GRADES[band])
          ? []
          : [`${quiz.key}: grades ${JSON.stringify(quiz.grades)} in ${file}`]),
        ...(quiz.showByDefault === false ? [] : [`${quiz.key}: shown by default`]),
        ...(quiz.key.startsWith(`practice-${slug}-${band}-`)
          ? []
          : [`${quiz.key}: key not practice-${slug}-${band}-…`]),
      ]);
    });
    expect(problems).toEqual([]);
  });

  it('give every grade band at least 5 topic quizzes in each of the six categories (180 in all)', () => {
    const counts = new Map<string, number>();
    for (const { file, quizzes } of topicFiles) {
      const [, slug = '', band = ''] = TOPIC_FILE.exec(file) ?? [];
      counts.set(`${band} ${slug}`, (counts.get(`${band} ${slug}`) ?? 0) + quizzes.length);
    }
    const short = Object.keys(BAND_GRADES).flatMap((band) =>
      Object.keys(CATEGORY_OF).flatMap((slug) => {
        const count = counts.get(`${band} ${slug}`) ?? 0;
        return count >= 5 ? [] : [`${band} ${slug}: ${count} topic quizzes`];
      }),
    );
    expect(short).toEqual([]);
    expect([...counts.values()].reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(180);
  });

  it('ask nothing the pack already asks elsewhere (same text, picture and answer)', () => {
    const seen = new Map<string, string[]>();
    for (const { file, quiz } of allQuizzes) {
      (quiz.questions ?? []).forEach((question, index) => {
        const correct = question.options?.[question.correctAnswerIndex]?.value ?? '';
        const key = [
          String(question.questionText ?? '')
            .trim()
            .toLowerCase()
            .replace(/\s+/g, ' '),
          question.questionImage ?? '',
          String(correct).trim().toLowerCase(),
        ].join('\u0000');
        seen.set(key, [...(seen.get(key) ?? []), `${file}: ${where(quiz, index)}`]);
      });
    }
    const repeats = [...seen.values()].filter(
      (places) => places.length > 1 && places.some((place) => TOPIC_FILE.test(place.split(':')[0] ?? '')),
    );
    expect(repeats).toEqual([]);
  });
});

describe('images', () => {
  const referenced = new Map<string, string[]>();
  for (const { quiz } of allQuizzes) {
    (quiz.questions ?? []).forEach((question, index) => {
      const images = [
        question.questionImage,
        ...(question.options ?? [])
          .filter((option) => option?.type === 'image')
          .map((option) => option.value),
        question.explanationImage,
      ];
      for (const image of images) {
        if (typeof image !== 'string') continue;
        referenced.set(image, [...(referenced.get(image) ?? []), where(quiz, index)]);
      }
    });
  }

  it('every referenced image exists, decodes, is PNG/JPEG/WebP/GIF by its bytes, at most 600×600 px and 200 KB', async () => {
    expect(referenced.size).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const [image, users] of referenced) {
      const file = path.join(CONTENT_DIR, image);
      if (!existsSync(file)) {
        problems.push(`${image} is missing (used by ${users.join(', ')})`);
        continue;
      }
      const bytes = readFileSync(file);
      if (!sniffImageType(bytes)) problems.push(`${image} is not a PNG, JPEG, WebP or GIF image`);
      if (bytes.byteLength > MAX_IMAGE_BYTES)
        problems.push(`${image} is ${Math.round(bytes.byteLength / 1024)} KB`);
      try {
        const { info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
        if (info.width > MAX_IMAGE_SIDE_PX || info.height > MAX_IMAGE_SIDE_PX) {
          problems.push(`${image} is ${info.width}×${info.height} px`);
        }
      } catch (error) {
        problems.push(`${image} does not decode: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    expect(problems).toEqual([]);

    const imagesDir = path.join(CONTENT_DIR, 'images');
    const unused = existsSync(imagesDir)
      ? readdirSync(imagesDir).filter(
          (name) => statSync(path.join(imagesDir, name)).isFile() && !referenced.has(`images/${name}`),
        )
      : [];
    // An unused image costs only space: a warning for the author, not a failure.
    if (unused.length > 0) console.warn(`Content images not used by any question: ${unused.join(', ')}`);
  });
});
