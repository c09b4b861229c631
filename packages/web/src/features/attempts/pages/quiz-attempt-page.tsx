import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export function QuizAttemptPage() {
  useDocumentTitle('Quiz');
  return (
    <div className="page">
      <h1>Quiz Attempt</h1>
    </div>
  );
}
