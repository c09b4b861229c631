import { screen, waitFor, within } from '@testing-library/react';
import { GRADES, TIME_ZONE_MESSAGE, type ProfileResponse } from '@quizquest/shared';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, type MockHandler } from '../../../test/fetch-mock.ts';
import { showInHindi } from '../../../test/language.ts';
import { findToast, learner, renderApp, storeSession } from '../../../test/render-app.tsx';
import type * as AvatarImage from '../avatar-image.ts';
import { compressAvatar } from '../avatar-image.ts';

const NEW_AVATAR = 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2wBD';

vi.mock('../avatar-image.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof AvatarImage>()),
  compressAvatar: vi.fn(async () => NEW_AVATAR),
}));

const profile: ProfileResponse = {
  first_name: 'Asha',
  last_name: 'Rao',
  email: 'asha.parent@example.com',
  phone: '+91 98765 43210',
  gender: 'Female',
  dob: '2016-04-09',
  avatar: null,
  grade: 'c-3',
  subscription: 'free',
  subscriptionEndsAt: null,
  quizLimits: { maxQuizzes: 10, maxAttemptsPerQuiz: 3 },
  allowedLevel: 0,
};

async function openProfile(handlers: Record<string, MockHandler> = {}, loaded: ProfileResponse = profile) {
  const fetch = mockFetch({
    'GET /api/auth/me': { body: learner },
    'GET /api/grades/get-grades': { body: GRADES },
    'GET /api/user/profile': { body: loaded },
    ...handlers,
  });
  storeSession();
  const app = renderApp('/profile');
  await screen.findByRole('heading', { level: 1, name: 'My Profile' });
  await screen.findByRole('button', { name: 'Save Profile' });
  return { ...app, ...fetch };
}

const saved = (body: unknown): MockHandler => ({ body: { ...profile, ...(body as object) } });

describe('profile page', () => {
  it('shows the profile fields of the spec, the e-mail read-only, and the free plan card', async () => {
    await openProfile();
    expect(screen.getByLabelText('First name')).toHaveValue('Asha');
    expect(screen.getByLabelText('First name')).toBeRequired();
    expect(screen.getByLabelText('Last name')).toBeRequired();
    expect(screen.getByLabelText('Grade')).toHaveValue('c-3');
    expect(screen.getByLabelText('Email')).toHaveValue('asha.parent@example.com');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Phone')).toHaveValue('+91 98765 43210');
    expect(screen.getByLabelText('Gender')).toHaveValue('Female');
    expect(
      within(screen.getByLabelText('Gender'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select gender', 'Male', 'Female']);
    expect(screen.getByLabelText('Date of birth')).toHaveValue('2016-04-09');
    expect(screen.getByRole('button', { name: 'Upload photo' })).toBeInTheDocument();

    const plan = screen.getByRole('region', { name: 'Your Plan' });
    expect(within(plan).getByText('Free Plan')).toBeInTheDocument();
    expect(within(plan).getByText('Up to 10 practice quizzes, 3 attempts each')).toBeInTheDocument();
    expect(
      within(plan).getByText('Certification levels: none yet (upgrade to unlock them)'),
    ).toBeInTheDocument();
    expect(within(plan).getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/subscribe');
  });

  it('speaks Hindi: the heading, the labels, the choices, the plan card and Save', async () => {
    mockFetch({
      'GET /api/auth/me': { body: learner },
      'GET /api/grades/get-grades': { body: GRADES },
      'GET /api/user/profile': {
        body: { ...profile, subscription: 'plan299', subscriptionEndsAt: '2027-01-10T08:00:00.000Z' },
      },
    });
    storeSession();
    showInHindi();
    renderApp('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'मेरी प्रोफ़ाइल' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'प्रोफ़ाइल सेव करें' })).toBeInTheDocument();
    expect(screen.getByLabelText('पहला नाम')).toHaveValue('Asha');
    expect(screen.getByLabelText('कक्षा')).toHaveValue('c-3');
    expect(within(screen.getByLabelText('कक्षा')).getByRole('option', { name: 'कक्षा 3' })).toBeInTheDocument();
    expect(
      within(screen.getByLabelText('लिंग'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['लिंग चुनें', 'लड़का', 'लड़की']);
    expect(screen.getByLabelText('लिंग')).toHaveValue('Female');
    const plan = screen.getByRole('region', { name: 'आपका प्लान' });
    expect(within(plan).getByText('10 जनवरी 2027 तक चालू')).toBeInTheDocument();
    expect(within(plan).getByRole('link', { name: 'अभी अपग्रेड करें' })).toHaveAttribute('href', '/subscribe');
    expect(screen.getByRole('region', { name: 'आपका डेटा' })).toBeInTheDocument();
  });

  it('switches the language from its row at once and saves it apart from Save Profile', async () => {
    const { user, callsTo } = await openProfile({ 'PUT /api/user/language': { body: { language: 'hi' } } });
    const form = screen.getByRole('button', { name: 'Save Profile' }).closest('form') as HTMLElement;
    const languages = within(form).getByRole('group', { name: 'Language' });
    expect(within(languages).getByRole('button', { name: 'English' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(languages).getByRole('button', { name: 'हिन्दी' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'मेरी प्रोफ़ाइल' })).toBeInTheDocument();
    await waitFor(() => expect(callsTo('PUT', '/api/user/language')).toHaveLength(1));
    expect(callsTo('PUT', '/api/user/language')[0]?.body).toEqual({ language: 'hi' });
    expect(callsTo('PUT', '/api/user/profile')).toHaveLength(0);
  });

  it('shows a paid plan with its limits and end date', async () => {
    await openProfile(
      {},
      {
        ...profile,
        subscription: 'plan299',
        subscriptionEndsAt: '2027-01-10T08:00:00.000Z',
        quizLimits: { maxQuizzes: null, maxAttemptsPerQuiz: 3 },
        allowedLevel: 10,
      },
    );
    const plan = screen.getByRole('region', { name: 'Your Plan' });
    expect(within(plan).getByText('Ultimate Plan')).toBeInTheDocument();
    expect(within(plan).getByText('Unlimited practice quizzes, 3 attempts each')).toBeInTheDocument();
    expect(within(plan).getByText('Certification levels: 10 of 10')).toBeInTheDocument();
    expect(within(plan).getByText('Active until 10 January 2027')).toBeInTheDocument();
  });

  it("saves every field, shows 'Profile updated' and updates the stored user's name", async () => {
    const { user, callsTo } = await openProfile({
      'PUT /api/user/profile': (call) => saved(call.body) as { body: unknown },
    });
    await user.clear(screen.getByLabelText('First name'));
    await user.type(screen.getByLabelText('First name'), 'Meera');
    await user.selectOptions(screen.getByLabelText('Grade'), 'Class 4');
    await user.selectOptions(screen.getByLabelText('Gender'), 'Male');
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));

    expect(await findToast('Profile updated')).toBeInTheDocument();
    expect(callsTo('PUT', '/api/user/profile')[0]?.body).toEqual({
      first_name: 'Meera',
      last_name: 'Rao',
      email: 'asha.parent@example.com',
      grade: 'c-4',
      phone: '9876543210',
      gender: 'Male',
      dob: '2016-04-09',
      avatar: null,
      timeZone: 'Asia/Kolkata',
    });
    const stored = JSON.parse(localStorage.getItem('user') ?? '{}');
    expect(stored).toMatchObject({ name: 'Meera Rao', first_name: 'Meera', grade: 'c-4' });
  });

  it('requires first and last name and sends nothing without them', async () => {
    const { user, callsTo } = await openProfile();
    await user.clear(screen.getByLabelText('First name'));
    await user.clear(screen.getByLabelText('Last name'));
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(screen.getByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('First name')).toHaveFocus();
    expect(callsTo('PUT', '/api/user/profile')).toHaveLength(0);
  });

  it('refuses an implausible phone number before sending', async () => {
    const { user, callsTo } = await openProfile();
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), 'call me');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription(
      'Enter a valid phone number (7 to 15 digits)',
    );
    expect(callsTo('PUT', '/api/user/profile')).toHaveLength(0);
  });

  it("shows 'Failed to save' and the server's message under its field", async () => {
    const { user } = await openProfile({
      'PUT /api/user/profile': {
        status: 400,
        body: {
          message: 'Date of birth must be in the past',
          errors: { dob: 'Date of birth must be in the past' },
        },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await findToast('Failed to save')).toBeInTheDocument();
    expect(screen.getByLabelText('Date of birth')).toHaveAccessibleDescription(
      'Date of birth must be in the past',
    );
    expect(screen.getByLabelText('Date of birth')).toHaveFocus();
  });

  it("shows 'Failed to save' when the server cannot be reached", async () => {
    const { user } = await openProfile({
      'PUT /api/user/profile': () => {
        throw new TypeError('offline');
      },
    });
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await findToast('Failed to save')).toBeInTheDocument();
    expect(screen.getByText('Failed to save', { selector: '.form-error' })).toHaveAttribute('role', 'alert');
  });

  it('uploads a new avatar by clicking the picture, compressed before it is sent', async () => {
    const { user, callsTo } = await openProfile({
      'PUT /api/user/profile': saved({ avatar: '/api/media/' + 'a'.repeat(64) }),
    });
    const input = document.getElementById('profile-avatar-file') as HTMLInputElement;
    const clicked = vi.spyOn(input, 'click');
    await user.click(screen.getByRole('button', { name: 'Upload photo' }));
    expect(clicked).toHaveBeenCalled();

    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
    await user.upload(input, file);
    expect(compressAvatar).toHaveBeenCalledWith(file);
    const button = await screen.findByRole('button', { name: 'Change photo' });
    expect(button.querySelector('img')).toHaveAttribute('src', NEW_AVATAR);
    expect(screen.getByText('Press Save Profile to keep this photo.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await findToast('Profile updated')).toBeInTheDocument();
    expect(callsTo('PUT', '/api/user/profile')[0]?.body).toMatchObject({ avatar: NEW_AVATAR });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Change photo' }).querySelector('img')).toHaveAttribute(
        'src',
        '/api/media/' + 'a'.repeat(64),
      ),
    );
  });

  it('keeps the current avatar by sending its URL back, and can remove it', async () => {
    const url = '/api/media/' + 'b'.repeat(64);
    const { user, callsTo } = await openProfile(
      { 'PUT /api/user/profile': (call) => saved(call.body) as { body: unknown } },
      { ...profile, avatar: url },
    );
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    await findToast('Profile updated');
    expect(callsTo('PUT', '/api/user/profile')[0]?.body).toMatchObject({ avatar: url });

    await user.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect(screen.getByRole('button', { name: 'Upload photo' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    await waitFor(() => expect(callsTo('PUT', '/api/user/profile')).toHaveLength(2));
    expect(callsTo('PUT', '/api/user/profile')[1]?.body).toMatchObject({ avatar: null });
  });

  it('says so when the chosen file is not a picture', async () => {
    vi.mocked(compressAvatar).mockRejectedValueOnce(new Error('not an image'));
    const { user } = await openProfile();
    const input = document.getElementById('profile-avatar-file') as HTMLInputElement;
    await user.upload(input, new File(['hello'], 'notes.png', { type: 'image/png' }));
    expect(await screen.findByText('Choose a picture file (JPEG, PNG, WebP or GIF).')).toBeInTheDocument();
  });

  it('offers the time zones, Asia/Kolkata first, and saves the chosen one with Save Profile', async () => {
    const { user, callsTo } = await openProfile(
      { 'PUT /api/user/profile': (call) => saved(call.body) as { body: unknown } },
      { ...profile, timeZone: 'Asia/Kolkata' },
    );
    const select = screen.getByLabelText('Time zone');
    expect(select).toHaveValue('Asia/Kolkata');
    const options = within(select).getAllByRole('option');
    expect(options[1]).toHaveTextContent('Asia/Kolkata');
    expect(options.map((option) => option.getAttribute('value'))).toContain('Europe/London');
    await user.selectOptions(select, 'Europe/London');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    await findToast('Profile updated');
    expect(callsTo('PUT', '/api/user/profile')[0]?.body).toMatchObject({ timeZone: 'Europe/London' });
  });

  it('keeps a saved zone the browser does not list, and shows a refused zone under its field', async () => {
    const { user, callsTo } = await openProfile(
      {
        'PUT /api/user/profile': {
          status: 400,
          body: { message: TIME_ZONE_MESSAGE, errors: { timeZone: TIME_ZONE_MESSAGE } },
        },
      },
      { ...profile, timeZone: 'UTC' },
    );
    const select = screen.getByLabelText('Time zone');
    expect(select).toHaveValue('UTC');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(callsTo('PUT', '/api/user/profile')[0]?.body).toMatchObject({
      timeZone: 'UTC',
    });
    expect(await screen.findByText(TIME_ZONE_MESSAGE, { selector: '.field-error, p' })).toBeInTheDocument();
    expect(select).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses the empty choice before sending', async () => {
    const { user, callsTo } = await openProfile({}, { ...profile, timeZone: 'Asia/Kolkata' });
    await user.selectOptions(screen.getByLabelText('Time zone'), '');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(screen.getByText(TIME_ZONE_MESSAGE)).toBeInTheDocument();
    expect(callsTo('PUT', '/api/user/profile')).toHaveLength(0);
  });

  it('only logs a load failure, and then leaves untouched fields out of the save', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, callsTo } = await openProfile({
      'GET /api/user/profile': { status: 500, body: { message: 'Something went wrong' } },
      'PUT /api/user/profile': (call) => saved(call.body) as { body: unknown },
    });
    expect(logged).toHaveBeenCalled();
    expect(document.querySelector('.form-error')).toBeNull();
    expect(screen.getByLabelText('First name')).toHaveValue(learner.first_name);
    await user.type(screen.getByLabelText('Phone'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    await findToast('Profile updated');
    expect(callsTo('PUT', '/api/user/profile')[0]?.body).toEqual({
      first_name: 'Asha',
      last_name: 'Rao',
      email: learner.email,
      grade: 'c-3',
      phone: '9876543210',
    });
  });
});
