import { OPTION_IMAGE_MAX_PX } from '@quizquest/shared';
import { translate } from '../../../i18n/i18n.ts';
import { IMAGE_FILE_TYPES, resizeToJpeg } from '../../../lib/image-resize.ts';

export { fitWithin, readAsDataUrl } from '../../../lib/image-resize.ts';
export const IMAGE_TYPES = IMAGE_FILE_TYPES;

/** Spec §5, §9: an option image is drawn at most 600 × 600, a JPEG at quality 0.7. */
export function scaleOptionImage(file: Blob): Promise<string> {
  return resizeToJpeg(file, OPTION_IMAGE_MAX_PX, translate('admin.image.unreadable'));
}
