import { readFileSync } from 'node:fs';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { AnswerKey, packImageUrls, packQuiz, submitByKey } from '../support/answers.ts';
import {
  activatePlan,
  createVerifiedLearner,
  DEMO_ADMIN,
  expect,
  expectAccessible,
  expectTargetsAtLeast24px,
  loginThroughUi,
  test,
  type Account,
} from '../support/fixtures.ts';

/**
 * Issue 21 in a real browser: a learner who completed Level 1 downloads the level's Open Badges
 * credential (with the name, so the parent PIN is asked), the file is a VC-JWT that verifies on
 * /certificates/verify by upload and by paste; an admin revokes the certificate in Admin Panel →
 * Learners with a reason; the code's check and the credential then say Revoked.
 */

const PIN = '3917';
const REASON = 'Earned on a shared account';
const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Level 1's ten sub-levels, each answered right through the API the quiz page uses. */
async function completeLevelOne(request: APIRequestContext, learner: Account) {
  for (let taken = 1; taken <= 10; taken += 1) {
    const progress = await request.get('/api/certification/progress', { headers: bearer(learner.token) });
    const { nextQuiz } = (await progress.json()) as { nextQuiz: { _id: string; subLevel: string } | null };
    if (!nextQuiz) throw new Error('Level 1 has no next quiz');
    expect(nextQuiz.subLevel).toBe(`L1-C${taken}`);
    const pack = packQuiz('certification/level-01.json', { subLevel: nextQuiz.subLevel });
    const key = new AnswerKey(pack, await packImageUrls(request, nextQuiz._id, pack));
    const submitted = await submitByKey(request, learner.token, nextQuiz._id, key);
    expect(submitted.status(), await submitted.text()).toBe(201);
  }
}

/** The JSON payload of a compact JWS (not checked: the page and the server check it). */
function payloadOf(jwt: string): Record<string, unknown> {
  const [, payload = ''] = jwt.split('.');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** A page in a browser of its own: a stranger checking a credential, signed in nowhere. */
async function strangerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

/** Pastes the credential on /certificates/verify and checks it. */
async function checkPasted(page: Page, credential: string) {
  await page.goto('/certificates/verify');
  await expect(page.getByRole('heading', { level: 1, name: 'Credential Verification' })).toBeVisible();
  await page.getByLabel('Or paste the credential').fill(credential);
  await page.getByRole('button', { name: 'Check credential' }).click();
}

test('a learner downloads a Level 1 credential, anyone verifies it, an admin revokes it and every check then says Revoked', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const learner = await createVerifiedLearner(page, { firstName: 'Zoya' });
  await activatePlan(page.request, learner, 'plan59');
  await completeLevelOne(page.request, learner);
  // A parent PIN on the account: putting the child's name into the credential asks for it.
  const pinSet = await page.request.put('/api/account/pin', {
    headers: bearer(learner.token),
    data: { password: learner.password, pin: PIN },
  });
  expect(pinSet.status(), await pinSet.text()).toBe(200);

  // My Certifications: Download credential beside Download Certificate.
  await loginThroughUi(page, learner.email, learner.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/my-certifications');
  await expect(page.getByRole('heading', { level: 1, name: 'My Certifications' })).toBeVisible();
  const levelOne = page.locator('section.cert-level').filter({
    has: page.getByRole('button', { name: /^Level 1 / }),
  });
  await levelOne.getByRole('button', { name: /^Level 1 / }).click();
  await expect(levelOne.getByRole('button', { name: 'Download Certificate' })).toBeVisible();
  const open = levelOne.getByRole('button', { name: 'Download credential' });
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Level 1 credential' });
  const includeName = dialog.getByRole('checkbox', { name: "Include Zoya Nair's name" });
  await expect(includeName).not.toBeChecked();
  await expectAccessible(page);
  // On a phone: the dialog fits, every target is big enough.
  await page.setViewportSize({ width: 360, height: 740 });
  await expectAccessible(page);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
  for (const target of [includeName, dialog.getByRole('button', { name: 'Download credential' })]) {
    const box = await target.boundingBox();
    expect(Math.min(box?.width ?? 0, box?.height ?? 0)).toBeGreaterThanOrEqual(24);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // With the name: the parent PIN first, then the file.
  await includeName.check();
  await dialog.getByRole('button', { name: 'Download credential' }).click();
  const pinDialog = page.getByRole('dialog', { name: 'Parent PIN' });
  await expect(pinDialog).toBeVisible();
  await expectAccessible(page);
  await pinDialog.getByLabel(/Parent PIN/).fill(PIN);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    pinDialog.getByRole('button', { name: 'Continue' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('quizquest-level-1-credential.jwt');
  await expect(dialog).toHaveCount(0);
  await expect(levelOne.getByRole('status')).toHaveText('Saved quizquest-level-1-credential.jwt.');
  const file = await download.path();
  const credential = readFileSync(file, 'utf8');
  expect(credential).toMatch(COMPACT_JWS);
  const claims = payloadOf(credential);
  expect(JSON.stringify(claims)).toContain('OpenBadgeCredential');
  expect(JSON.stringify(claims)).toContain('Zoya Nair');
  expect(JSON.stringify(claims)).not.toContain(learner.email);

  // Without the name: no PIN, and neither the name nor the e-mail is in it.
  await open.click();
  const [unnamed] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download credential' }).click(),
  ]);
  const anonymous = readFileSync(await unnamed.path(), 'utf8');
  expect(anonymous).toMatch(COMPACT_JWS);
  expect(JSON.stringify(payloadOf(anonymous))).not.toContain('Zoya');
  expect(JSON.stringify(payloadOf(anonymous))).not.toContain(learner.email);

  // Anyone checks it: uploaded, then pasted, on a phone-sized screen too.
  const stranger = await strangerPage(browser);
  await stranger.goto('/certificates/verify');
  await expect(stranger.getByRole('heading', { level: 1, name: 'Credential Verification' })).toBeVisible();
  await expectAccessible(stranger);
  await stranger.getByLabel('Credential file (.jwt)').setInputFiles(file);
  const valid = stranger.getByRole('status').filter({ hasText: 'Valid' });
  await expect(valid).toContainText('This credential is valid: QuizQuest issued it and has not revoked it.');
  await expect(valid).toContainText('Zoya Nair');
  await expect(valid).toContainText('Level 1');
  const codeLink = valid.getByRole('link', { name: /^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/ });
  const code = (await codeLink.textContent()) ?? '';
  expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  await expectAccessible(stranger);

  await stranger.setViewportSize({ width: 360, height: 740 });
  await checkPasted(stranger, anonymous);
  const pasted = stranger.getByRole('status').filter({ hasText: 'Valid' });
  await expect(pasted).toContainText('Not named in this credential');
  await expect(pasted).toContainText(code);
  await expectAccessible(stranger);
  await expectTargetsAtLeast24px(stranger);
  expect(await stranger.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // A changed credential is not valid.
  const [header, body = '', signature = ''] = credential.split('.');
  const flipped = `${header}.${body}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
  await checkPasted(stranger, flipped);
  await expect(stranger.getByRole('alert')).toContainText('Not valid');
  await stranger.setViewportSize({ width: 1280, height: 800 });

  // The admin revokes the certificate in Admin Panel → Learners, with a reason.
  const admin = await strangerPage(browser);
  await loginThroughUi(admin, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(admin).toHaveURL(/\/admin\/quiz-dashboard$/);
  await admin
    .getByRole('navigation', { name: 'Admin Panel' })
    .getByRole('link', { name: 'Learners' })
    .click();
  await admin.getByLabel('Search by e-mail or name').fill(learner.email);
  await admin.getByRole('button', { name: 'Search' }).click();
  const row = admin.getByRole('row', { name: new RegExp(learner.email) });
  await row.getByRole('button', { name: `Certificates of ${learner.email}` }).click();
  const certificates = admin.getByRole('dialog', { name: 'Certificates of Zoya Nair' });
  const certificateRow = certificates.getByRole('row', { name: /Level 1/ });
  await expect(certificateRow).toContainText(code);
  await expect(certificateRow).toContainText('Valid');
  await expectAccessible(admin);
  await certificateRow.getByRole('button', { name: `Revoke the Level 1 certificate ${code}` }).click();
  const confirm = admin.getByRole('alertdialog', { name: 'Revoke Certificate' });
  await expect(confirm.getByLabel('Reason')).toBeFocused();
  await expectAccessible(admin);
  await confirm.getByLabel('Reason').fill(REASON);
  await confirm.getByRole('button', { name: 'Revoke certificate' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(certificates).toContainText(`Level 1 certificate ${code} revoked.`);
  await expect(certificateRow).toContainText('Revoked');
  await expect(certificateRow).toContainText(`Reason: ${REASON}`);
  await expect(certificateRow.getByRole('button')).toHaveCount(0);
  await expectAccessible(admin);
  await admin.context().close();

  // The code's check says Revoked, with the date and the reason.
  await stranger.goto(`/certificates/verify/${code}`);
  const revoked = stranger.getByRole('alert');
  await expect(revoked).toContainText('Revoked: this certificate is no longer valid.');
  await expect(revoked).toContainText(REASON);
  await expect(revoked).toContainText('Revoked on');
  await expect(stranger.getByText('This certificate is genuine.')).toHaveCount(0);
  await expectAccessible(stranger);

  // So does the credential signed before the revocation, pasted or uploaded.
  await checkPasted(stranger, credential);
  const revokedCredential = stranger.getByRole('alert');
  await expect(revokedCredential).toContainText('Revoked');
  await expect(revokedCredential).toContainText('This credential was revoked by QuizQuest.');
  await expect(revokedCredential).toContainText(REASON);
  await expectAccessible(stranger);
  await stranger.getByLabel('Credential file (.jwt)').setInputFiles(file);
  await expect(stranger.getByRole('alert')).toContainText('This credential was revoked by QuizQuest.');
  await stranger.context().close();

  // And the learner can no longer download one.
  await page.reload();
  await levelOne.getByRole('button', { name: /^Level 1 / }).click();
  await levelOne.getByRole('button', { name: 'Download credential' }).click();
  await dialog.getByRole('button', { name: 'Download credential' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'This certificate was revoked, so its credential cannot be downloaded.',
  );
});
