import {
  DOB_PAST_MESSAGE,
  isPastDate,
  TIME_ZONE_MESSAGE,
  type Language,
  type ProfileResponse,
  type ProfileUpdateRequest,
} from '@quizquest/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { badRequest, HttpError, notFound } from '../../lib/http-error.ts';
import { learnerPlanState } from '../../entitlements/plan.ts';
import {
  checkImageBytes,
  checkQuota,
  checkUploadRate,
  claimMediaIds,
  decodeImageDataString,
  mediaUrl,
  prepareImage,
  quotaOf,
  releaseMedia,
  saveImage,
  type PreparedImage,
} from '../../lib/media.ts';
import * as queries from './queries.ts';

export const EMAIL_UNCHANGEABLE_MESSAGE = 'Email cannot be changed';
export const AVATAR_MESSAGE = 'The avatar must be a PNG, JPEG, WebP or GIF image';

type ProfileUpdate = z.output<typeof ProfileUpdateRequest>;

export async function getProfile(deps: AppDeps, userId: string): Promise<ProfileResponse> {
  const row = await queries.profileRow(deps.db, userId);
  if (!row) throw notFound('Account not found');
  const state = await learnerPlanState(deps.db, userId, deps.now());
  return {
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone: row.phone,
    gender: row.gender,
    dob: row.dob,
    avatar: row.avatarMediaId ? mediaUrl(row.avatarMediaId) : null,
    grade: row.grade,
    subscription: state.subscription,
    subscriptionEndsAt: state.subscriptionEndsAt,
    quizLimits: state.quizLimits,
    allowedLevel: state.allowedLevel,
    timeZone: row.timeZone,
    language: row.language,
  };
}

/** PUT /user/language: the language the learner reads from now on, on every device. */
export async function saveLanguage(
  deps: AppDeps,
  userId: string,
  language: Language,
): Promise<{ language: Language }> {
  if (!(await queries.updateLanguage(deps.db, userId, language, deps.now())))
    throw notFound('Account not found');
  return { language };
}

/** The avatar field's error as a form error: the message under the avatar field too. */
function avatarError(error: unknown): unknown {
  return error instanceof HttpError
    ? new HttpError(error.statusCode, error.message, { avatar: error.message })
    : error;
}

/**
 * Saves the profile. Every field is checked before anything is written, and the avatar and the
 * user row are written in one transaction, so bad input stores nothing. A new avatar counts
 * against the user's upload rate and storage quota; the one it replaces is deleted in the same
 * transaction when nothing else uses it (decision 022).
 */
export async function saveProfile(
  deps: AppDeps,
  user: { id: string; role: 'learner' | 'admin' },
  body: ProfileUpdate,
): Promise<ProfileResponse> {
  const userId = user.id;
  const now = deps.now();
  const current = await queries.profileRow(deps.db, userId);
  if (!current) throw notFound('Account not found');

  const errors: Record<string, string> = {};
  if (body.email != null && body.email.trim().toLowerCase() !== current.email) {
    errors.email = EMAIL_UNCHANGEABLE_MESSAGE;
  }
  if (body.dob != null && !isPastDate(body.dob, now)) errors.dob = DOB_PAST_MESSAGE;

  // undefined: keep; null or '': remove; the current URL: keep; anything else: a new image.
  const currentUrl = current.avatarMediaId ? mediaUrl(current.avatarMediaId) : null;
  let avatarDataString: string | null = null;
  if (body.avatar != null && body.avatar.trim() !== '' && body.avatar !== currentUrl) {
    // Only the current avatar's URL may come back; any other URL is not an image.
    if (/^(https?:)?\//i.test(body.avatar.trim())) {
      errors.avatar = AVATAR_MESSAGE;
    } else {
      avatarDataString = body.avatar;
    }
  }
  // Known to the runtime (the schema checked) and to the database that counts the days.
  if (
    body.timeZone !== undefined &&
    body.timeZone !== current.timeZone &&
    !(await queries.databaseKnowsTimeZone(deps.db, body.timeZone))
  ) {
    errors.timeZone = TIME_ZONE_MESSAGE;
  }
  const firstError = Object.values(errors)[0];
  if (firstError) throw badRequest(firstError, errors);

  // Decoded, checked and re-encoded before the transaction: no lock is held while sharp works.
  let avatar: PreparedImage | null = null;
  if (avatarDataString !== null) {
    try {
      const bytes = decodeImageDataString(avatarDataString, 'avatar');
      // What is not an image at all is refused before it counts as an upload.
      checkImageBytes(bytes, 'avatar');
      await checkUploadRate(deps, { id: userId, admin: user.role === 'admin' });
      avatar = await prepareImage(bytes, 'avatar', 'avatar');
    } catch (error) {
      throw avatarError(error);
    }
  }

  await deps.db.transaction(async (tx) => {
    // The avatar as it is now, under the user's lock: concurrent saves run one after another, and
    // each frees the avatar it really replaces.
    const locked = await queries.lockAvatar(tx, userId);
    if (!locked) throw notFound('Account not found');
    let avatarMediaId = locked.avatarMediaId;
    if (body.avatar === null || body.avatar?.trim() === '') avatarMediaId = null;
    if (avatar !== null) {
      // The old and the new row are locked (the new one inserted or locked) in id order, like
      // every other avatar change: two users swapping pictures never wait on each other crosswise,
      // and of two users leaving one picture at once the later one frees it.
      const ordered = [...new Set([locked.avatarMediaId, avatar.id])].sort();
      for (const id of ordered) {
        if (id === avatar.id) {
          avatarMediaId = await saveImage(tx, avatar, { uploadedBy: userId, inQuiz: false });
        } else if (id !== null) {
          await claimMediaIds(tx, [id], { inQuiz: false });
        }
      }
    }
    await queries.updateProfile(
      tx,
      userId,
      {
        firstName: body.first_name,
        lastName: body.last_name,
        grade: body.grade,
        // Absent keeps a field, '' or null clears it.
        phone: body.phone === undefined ? current.phone : body.phone,
        gender: body.gender === undefined ? current.gender : body.gender,
        dob: body.dob === undefined ? current.dob : body.dob,
        avatarMediaId,
        timeZone: body.timeZone ?? current.timeZone,
      },
      now,
    );
    if (locked.avatarMediaId !== avatarMediaId) await releaseMedia(tx, [locked.avatarMediaId]);
    // Counted once the avatar it replaces is gone: a user's images, not their history of uploads.
    if (avatar !== null) {
      try {
        await checkQuota(tx, userId, quotaOf(deps, user.role === 'admin'), 'avatar');
      } catch (error) {
        throw avatarError(error);
      }
    }
  });
  return getProfile(deps, userId);
}
