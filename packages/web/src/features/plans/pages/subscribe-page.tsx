import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export function SubscribePage() {
  useDocumentTitle('Upgrade Your Plan');
  return (
    <div className="page">
      <h1>Upgrade Your Plan</h1>
    </div>
  );
}
