import { useText } from '../../../i18n/use-text.ts';

/** Previous / Next with the page number between; hidden when everything fits on one page. */
export function Pagination({
  page,
  totalPages,
  label,
  onPage,
}: {
  page: number;
  totalPages: number;
  label: string;
  onPage: (page: number) => void;
}) {
  const t = useText();
  if (totalPages <= 1) return null;
  return (
    <nav className="pagination" aria-label={label}>
      <button
        type="button"
        className="button button-secondary button-small"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('admin.pagination.previous')}
      </button>
      <span aria-current="page">{t('admin.pagination.page', { page, totalPages })}</span>
      <button
        type="button"
        className="button button-secondary button-small"
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
      >
        {t('admin.pagination.next')}
      </button>
    </nav>
  );
}
