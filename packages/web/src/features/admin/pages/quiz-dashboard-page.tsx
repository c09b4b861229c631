import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export function AdminQuizDashboardPage() {
  useDocumentTitle('Quiz Dashboard');
  return (
    <div className="page">
      <h1>Quiz Dashboard</h1>
    </div>
  );
}
