import { AVATAR_MAX_SIDE_PX } from '@quizquest/shared';
import { fitWithin, IMAGE_FILE_TYPES, resizeToJpeg } from '../../lib/image-resize.ts';

export const AVATAR_FILE_TYPES = IMAGE_FILE_TYPES;
/** The error resizeToJpeg raises; the page shows its own message (profile.avatar.readError). */
const AVATAR_READ_ERROR = 'Choose a picture file (JPEG, PNG, WebP or GIF).';

/** The avatar's size: longest side at most 200 px, proportions kept, never enlarged. */
export function avatarSize(width: number, height: number, max = AVATAR_MAX_SIDE_PX) {
  return fitWithin(width, height, max);
}

/** Spec §5, §9: the avatar is scaled to at most 200 px on its longest side, a JPEG at quality 0.7. */
export function compressAvatar(file: Blob): Promise<string> {
  return resizeToJpeg(file, AVATAR_MAX_SIDE_PX, AVATAR_READ_ERROR);
}
