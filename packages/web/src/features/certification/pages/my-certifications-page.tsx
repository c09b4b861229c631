import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export function MyCertificationsPage() {
  useDocumentTitle('My Certifications');
  return (
    <div className="page">
      <h1>My Certifications</h1>
    </div>
  );
}
