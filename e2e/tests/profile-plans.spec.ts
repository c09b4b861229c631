import { crc32, deflateSync } from 'node:zlib';
import type { APIRequestContext } from '@playwright/test';
import {
  createVerifiedLearner,
  DEMO_ADMIN,
  expect,
  expectAccessible,
  loginThroughUi,
  test,
} from '../support/fixtures.ts';

/** A real PNG file: width × height of a two-colour stripe pattern, written by hand (no image library). */
function pngFile(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3); // filter byte 0, then RGB
    for (let x = 0; x < width; x += 1) {
      const blue = Math.floor(x / 20) % 2 === 0;
      row.set(blue ? [29, 78, 216] : [251, 191, 36], 1 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function tokenFor(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { email, password } });
  expect(response.status()).toBe(200);
  return (await response.json()).token as string;
}

test('a parent edits the profile and uploads an avatar, and both are there after a reload', async ({
  page,
}) => {
  const learner = await createVerifiedLearner(page, { firstName: 'Priya' });
  await loginThroughUi(page, learner.email, learner.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await expect(page.getByLabel('First name', { exact: true })).toHaveValue('Priya');
  await expect(page.getByLabel('Email')).toHaveValue(learner.email);
  await expect(page.getByLabel('Email')).not.toBeEditable();
  await expect(page.getByRole('region', { name: 'Your Plan' }).getByText('Free Plan')).toBeVisible();
  await expectAccessible(page);

  // Click the picture to upload: a 400 × 300 PNG is shrunk in the browser to 200 × 150.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload photo' }).click();
  await (await chooser).setFiles({ name: 'priya.png', mimeType: 'image/png', buffer: pngFile(400, 300) });
  await expect(page.getByText('Press Save Profile to keep this photo.')).toBeVisible();

  await page.getByLabel('First name', { exact: true }).fill('Meera');
  await page.getByLabel('Grade', { exact: true }).selectOption({ label: 'Class 5' });
  await page.getByLabel('Phone').fill('+91 98765 43210');
  await page.getByLabel('Gender').selectOption('Female');
  await page.getByLabel('Date of birth').fill('2015-06-21');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('First name', { exact: true })).toHaveValue('Meera');
  await expect(page.getByLabel('Grade', { exact: true })).toHaveValue('c-5');
  await expect(page.getByLabel('Phone')).toHaveValue('+91 98765 43210');
  await expect(page.getByLabel('Gender')).toHaveValue('Female');
  await expect(page.getByLabel('Date of birth')).toHaveValue('2015-06-21');
  const avatar = page.getByRole('button', { name: 'Change photo' }).locator('img');
  await expect(avatar).toHaveAttribute('src', /^\/api\/media\/[0-9a-f]{64}$/);
  await expect
    .poll(() => avatar.evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight]))
    .toEqual([200, 150]);
  const served = await page.request.get((await avatar.getAttribute('src')) ?? '');
  expect(served.headers()['content-type']).toBe('image/jpeg');
  await expectAccessible(page);

  // The new name is the session's too.
  await page
    .getByRole('navigation', { name: /main/i })
    .getByRole('link', { name: 'Certification Quizzes' })
    .click();
  await expect(page.getByRole('link', { name: /Welcome, Meera/ })).toBeVisible();
});

test('after an admin activates a plan the subscribe page badges it Active, and Pay opens the link with the toast', async ({
  page,
  context,
}) => {
  const learner = await createVerifiedLearner(page);
  const me = await page.request.get('/api/auth/me', {
    headers: { authorization: `Bearer ${learner.token}` },
  });
  const learnerId = (await me.json())._id as string;

  const adminToken = await tokenFor(page.request, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const activation = await page.request.post(`/api/admin/users/${learnerId}/subscription`, {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { action: 'activate', planId: 'plan99' },
  });
  expect(activation.status()).toBe(200);
  expect(await activation.json()).toMatchObject({ subscription: 'plan99', allowedLevel: 3 });

  // The payment provider's page is stood in for: nothing leaves the machine.
  await context.route('https://rzp.io/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Payment</title><p>QR code</p>' }),
  );

  await loginThroughUi(page, learner.email, learner.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/profile');
  const plan = page.getByRole('region', { name: 'Your Plan' });
  await expect(plan.getByText('Growth Plan')).toBeVisible();
  await expect(plan.getByText('Certification levels: 3 of 10')).toBeVisible();
  await plan.getByRole('link', { name: 'Upgrade Now' }).click();

  await expect(page).toHaveURL(/\/subscribe$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Upgrade Your Plan' })).toBeVisible();
  const growth = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Growth Plan' }) });
  await expect(growth.getByText('Active', { exact: true })).toBeVisible();
  await expect(growth.getByRole('button')).toHaveCount(0);
  await expect(page.getByText('Active', { exact: true })).toHaveCount(1);
  await expect(page.getByText(/activated within 30 mins of payment/)).toBeVisible();
  await expect(page.getByText('+91 90000 12345')).toBeVisible();
  await expectAccessible(page);

  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Pay ₹299 for the Ultimate Plan' }).click();
  expect((await popup).url()).toBe('https://rzp.io/l/quizquest-e2e-ultimate');
  await expect(page.getByText('Ultimate Plan selected! Pay ₹299 via QR code on the screen')).toBeVisible();
});

test('the profile and plans pages work at 360 px wide', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const learner = await createVerifiedLearner(page);
  await loginThroughUi(page, learner.email, learner.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  for (const [path, heading] of [
    ['/profile', 'My Profile'],
    ['/subscribe', 'Upgrade Your Plan'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('button').first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await expectAccessible(page);
  }
});
