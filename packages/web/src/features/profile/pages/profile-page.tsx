import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export function ProfilePage() {
  useDocumentTitle('My Profile');
  return (
    <div className="page">
      <h1>My Profile</h1>
    </div>
  );
}
