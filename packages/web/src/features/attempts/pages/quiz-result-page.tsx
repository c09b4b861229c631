import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export function QuizResultPage() {
  useDocumentTitle('Quiz Result');
  return (
    <div className="page">
      <h1>Quiz Result</h1>
    </div>
  );
}
