export { MATHS_GRADES, isMathsGrade, type MathsGrade } from './grades.ts';
export { findGenerator, generateQuestion, generatorsForGrade, MATHS_GENERATORS } from './registry.ts';
export {
  GENERATORS_VERSION,
  generateQuiz,
  MAX_GENERATED_QUIZ_COUNT,
  type GenerateQuizInput,
  type GeneratedQuiz,
} from './quiz.ts';
export { createRng, hashSeed, type Rng } from './rng.ts';
export type { GeneratedQuestion, MathsGenerator, QuestionData, TextOption } from './types.ts';
export { inHindi } from './hindi.ts';
