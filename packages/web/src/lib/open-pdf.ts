import { translate } from '../i18n/i18n.ts';
import { ApiError, apiFile } from './api-client.ts';
import { downloadUrl } from './save-file.ts';

/**
 * Opens a PDF of the API in a new tab without putting the bearer token in a URL: the file is
 * fetched with the Authorization header and shown from a blob: URL. The tab is opened before the
 * fetch, inside the click, so pop-up blockers allow it; where they still refuse, the file is
 * downloaded instead. Failures are shown as an alert (spec §8 Certificate download).
 *
 * `path` is under /api, e.g. '/certification/view?level=1'.
 */
export async function openPdf(path: string, fileName = 'certificate.pdf'): Promise<void> {
  const tab = window.open('', '_blank');
  let response: Response;
  try {
    response = await apiFile(path, 'application/pdf');
  } catch (error) {
    tab?.close();
    // Status 0: the request never reached the server.
    const failed = error instanceof ApiError ? error : new ApiError(0);
    window.alert(
      failed.status === 0
        ? translate('common.certificate.networkFailed')
        : (failed.serverMessage ?? translate('common.certificate.fetchFailed')),
    );
    return;
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
  if (tab) {
    tab.location.href = url;
  } else {
    downloadUrl(url, fileName);
  }
  // The tab has loaded the document by then; revoking frees the memory.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
