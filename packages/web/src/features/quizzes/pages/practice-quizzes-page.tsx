import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export function PracticeQuizzesPage() {
  useDocumentTitle('Practice Quizzes');
  return (
    <div className="page">
      <h1>Practice Quizzes</h1>
    </div>
  );
}
