import {
  DOB_PAST_MESSAGE,
  isPastDate,
  type ProfileResponse,
  type ProfileUpdateRequest,
} from '@quizquest/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { badRequest, HttpError, notFound } from '../../lib/http-error.ts';
import { subscriptionState } from '../../lib/subscriptions.ts';
import { mediaIdFromUrl, mediaUrl, storeImageDataString } from '../media/service.ts';
import * as queries from './queries.ts';

export const EMAIL_UNCHANGEABLE_MESSAGE = 'Email cannot be changed';
export const AVATAR_MESSAGE = 'The avatar must be a PNG, JPEG, WebP or GIF image';

type ProfileUpdate = z.output<typeof ProfileUpdateRequest>;

export async function getProfile(deps: AppDeps, userId: string): Promise<ProfileResponse> {
  const row = await queries.profileRow(deps.db, userId);
  if (!row) throw notFound('Account not found');
  const state = await subscriptionState(deps.db, userId, deps.now());
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
  };
}

/**
 * Saves the profile. Every field is checked before anything is written, and the avatar and the
 * user row are written in one transaction, so bad input stores nothing.
 */
export async function saveProfile(
  deps: AppDeps,
  userId: string,
  body: ProfileUpdate,
): Promise<ProfileResponse> {
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
  const firstError = Object.values(errors)[0];
  if (firstError) throw badRequest(firstError, errors);

  await deps.db.transaction(async (tx) => {
    let avatarMediaId = current.avatarMediaId;
    if (body.avatar === null || body.avatar?.trim() === '') avatarMediaId = null;
    if (avatarDataString !== null) {
      try {
        avatarMediaId = mediaIdFromUrl(await storeImageDataString(tx, avatarDataString, 'avatar'));
      } catch (error) {
        if (error instanceof HttpError) {
          throw new HttpError(error.statusCode, error.message, { avatar: error.message });
        }
        throw error;
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
      },
      now,
    );
  });
  return getProfile(deps, userId);
}
