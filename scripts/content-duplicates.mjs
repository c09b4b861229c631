// Lists questions that appear more than once in the content pack: the same text (ignoring case
// and spacing), the same question image and the same correct option. Exits 1 when a repeat
// involves a topic-quiz file (practice/<category>-<band>.json), whose pools must be all new;
// repeats between the older files are listed for information (issue 17).
// Run from the repository root: node scripts/content-duplicates.mjs
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CONTENT_DIR = fileURLToPath(new URL('../packages/server/content/', import.meta.url));
const TOPIC_FILE = /^practice\/[a-z-]+-(?:early|c1-2|c3-5|c6-8|c9-10|c11-12)\.json$/;

const seen = new Map();
for (const folder of ['certification', 'practice']) {
  for (const name of readdirSync(path.join(CONTENT_DIR, folder)).filter((file) => file.endsWith('.json'))) {
    const file = `${folder}/${name}`;
    for (const quiz of JSON.parse(readFileSync(path.join(CONTENT_DIR, file), 'utf8'))) {
      (quiz.questions ?? []).forEach((question, index) => {
        const correct = question.options[question.correctAnswerIndex]?.value ?? '';
        const key = [
          question.questionText.trim().toLowerCase().replace(/\s+/g, ' '),
          question.questionImage ?? '',
          correct.trim().toLowerCase(),
        ].join('\u0000');
        const where = { file, at: `${quiz.key} #${index + 1}` };
        seen.set(key, [...(seen.get(key) ?? []), where]);
      });
    }
  }
}

let failing = 0;
for (const [key, places] of seen) {
  if (places.length < 2) continue;
  const topic = places.some((place) => TOPIC_FILE.test(place.file));
  if (topic) failing += 1;
  console.log(
    `${topic ? 'REPEAT' : 'old repeat'}: "${key.split('\u0000')[0]}" in ${places.map((p) => p.at).join(', ')}`,
  );
}
console.log(
  failing === 0
    ? 'No repeated question in the topic quizzes.'
    : `${failing} repeated question(s) in topic quizzes.`,
);
process.exitCode = failing === 0 ? 0 : 1;
