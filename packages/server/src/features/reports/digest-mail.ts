import type { Language, LearnerReport } from '@quizquest/shared';
import { composeMail } from '../../mail/compose.ts';

/**
 * The weekly digest e-mail (decision 035), in the account holder's language: English, or Hindi in
 * the words of docs/i18n.md and the family report page (पूरे किए क्विज़, बिताए मिनट, मिले
 * सर्टिफ़िकेशन, लगातार दिन, महारत). One paragraph per child with the figures of the last seven days.
 */

const plural = (count: number, one: string, other: string) => `${count} ${count === 1 ? one : other}`;

function englishLine(learner: LearnerReport): string {
  const answered = learner.accuracy.reduce((sum, row) => sum + row.answered, 0);
  const correct = learner.accuracy.reduce((sum, row) => sum + row.correct, 0);
  const figures = [
    `Quizzes finished: ${learner.quizzesFinished}.`,
    `Minutes spent: ${learner.minutesSpent}.`,
    ...(answered > 0 ? [`Answers right: ${correct} of ${answered}.`] : []),
    `Certifications earned: ${learner.certificationsEarned}.`,
    `Current streak: ${plural(learner.streak.current, 'day', 'days')}.`,
  ];
  return `${learner.first_name} ${learner.last_name}: ${figures.join(' ')}`;
}

function hindiLine(learner: LearnerReport): string {
  const answered = learner.accuracy.reduce((sum, row) => sum + row.answered, 0);
  const correct = learner.accuracy.reduce((sum, row) => sum + row.correct, 0);
  const figures = [
    `पूरे किए क्विज़: ${learner.quizzesFinished}।`,
    `बिताए मिनट: ${learner.minutesSpent}।`,
    ...(answered > 0 ? [`सही जवाब: ${answered} में से ${correct}।`] : []),
    `मिले सर्टिफ़िकेशन: ${learner.certificationsEarned}।`,
    `लगातार दिन: ${learner.streak.current}।`,
  ];
  return `${learner.first_name} ${learner.last_name}: ${figures.join(' ')}`;
}

export function weeklyDigestMail(
  to: string,
  learners: LearnerReport[],
  reportLink: string,
  language: Language,
) {
  const one = learners.length === 1;
  return language === 'hi'
    ? composeMail(
        to,
        'QuizQuest: आपका हफ़्ते का सारांश',
        'नमस्ते,',
        [
          one
            ? 'पिछले 7 दिनों में आपके बच्चे ने QuizQuest पर यह किया:'
            : 'पिछले 7 दिनों में आपके बच्चों ने QuizQuest पर यह किया:',
          ...learners.map(hindiLine),
          'परिवार की रिपोर्ट में आप हर विषय के सही जवाब और महारत देख सकते हैं।',
          'यह ईमेल आपको हर सोमवार आता है, क्योंकि आपने हफ़्ते का सारांश चालू किया है। आप इसे QuizQuest में कभी भी बंद कर सकते हैं।',
        ],
        { label: 'परिवार की रिपोर्ट देखें', link: reportLink },
      )
    : composeMail(
        to,
        'Your QuizQuest weekly summary',
        'Hello,',
        [
          one
            ? 'Here is what your child did on QuizQuest in the last 7 days:'
            : 'Here is what your children did on QuizQuest in the last 7 days:',
          ...learners.map(englishLine),
          'The family report shows the right answers and the mastery in each category.',
          'You get this e-mail every Monday because you turned on the weekly summary. You can turn it off in QuizQuest at any time.',
        ],
        { label: 'See the family report', link: reportLink },
      );
}
