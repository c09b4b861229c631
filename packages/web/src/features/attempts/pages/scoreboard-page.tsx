import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export function ScoreboardPage() {
  useDocumentTitle('My Scoreboard');
  return (
    <div className="page">
      <h1>My Scoreboard</h1>
    </div>
  );
}
