import { vi } from 'vitest';

/**
 * Records what a page saves through lib/save-file.ts: the blob behind each object URL and the
 * link it clicks (its href and the file name it asks the browser to save under).
 */
export function captureDownloads() {
  const blobs: Blob[] = [];
  const createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob);
    return 'blob:http://localhost/export-1';
  });
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
  const clicked: Array<{ href: string; download: string }> = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download });
  });
  return { blobs, clicked };
}
