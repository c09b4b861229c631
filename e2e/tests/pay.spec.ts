import {
  createVerifiedLearner,
  expect,
  expectAccessible,
  expectTargetsAtLeast24px,
  loginThroughUi,
  test,
} from '../support/fixtures.ts';

/**
 * Pay for a plan without a payment link (spec §2 Subscribe, decision 020): a new tab with the
 * app's UPI QR page for exactly the plan's amount, the reference and the support number.
 * playwright.config.ts configures links for Starter and Ultimate only, and a UPI ID.
 */

for (const width of [360, 1280]) {
  test(`at ${width} px, Pay opens the UPI QR page with the exact amount in a new tab, by keyboard`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    const learner = await createVerifiedLearner(page);
    await loginThroughUi(page, learner.email, learner.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/subscribe');
    await expect(page.getByRole('heading', { level: 1, name: 'Upgrade Your Plan' })).toBeVisible();
    await expect(page.getByText(/not set up/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(4);

    // By keyboard: focus the Pro plan's Pay and press Enter.
    const pay = page.getByRole('button', { name: 'Pay ₹199 for the Pro Plan' });
    await pay.focus();
    const popupEvent = page.waitForEvent('popup');
    await page.keyboard.press('Enter');
    const popup = await popupEvent;
    await expect(page.getByText('Pro Plan selected! Pay ₹199 via QR code on the screen')).toBeVisible();

    await popup.setViewportSize({ width, height: 800 });
    await expect(popup).toHaveURL(/\/subscribe\/pay\/plan199$/);
    await expect(popup.getByRole('heading', { level: 1, name: 'Pay for the Pro Plan' })).toBeVisible();
    const qr = popup.getByRole('img', {
      name: /^UPI QR code: pay ₹199\.00 to QuizQuest E2E for the Pro Plan/,
    });
    await expect(qr).toBeVisible();
    expect(await qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(
      true,
    );
    const box = await qr.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(200);

    await expect(popup.getByText('₹199.00', { exact: true })).toBeVisible();
    await expect(popup.getByText(/One hundred and ninety-nine rupees only/)).toBeVisible();
    const reference = (await popup.locator('.pay-reference').textContent()) ?? '';
    expect(reference).toMatch(/^QQ-[0-9A-F]{10}-PLAN199$/);
    expect(reference).not.toContain(learner.email);
    expect(popup.url()).not.toContain(learner.email);
    await expect(popup.getByRole('link', { name: 'Open in a UPI app' })).toHaveAttribute(
      'href',
      `upi://pay?pa=quizquest.e2e@okaxis&pn=QuizQuest%20E2E&am=199.00&cu=INR&tn=${reference}`,
    );
    await expect(popup.getByText('+91 90000 12345').first()).toBeVisible();

    const overflow = await popup.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await expectTargetsAtLeast24px(popup);
    await expectAccessible(popup);

    // The page's own controls are reachable by keyboard.
    const back = popup.getByRole('link', { name: 'Back to the plans' });
    for (
      let presses = 0;
      presses < 40 && !(await back.evaluate((element) => element === document.activeElement));
      presses += 1
    ) {
      await popup.keyboard.press('Tab');
    }
    await expect(back).toBeFocused();
    await popup.keyboard.press('Enter');
    await expect(popup).toHaveURL(/\/subscribe$/);
  });
}

test('a plan with a payment link still opens the link itself', async ({ page, context }) => {
  await context.route('https://rzp.io/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Payment</title><p>QR code</p>' }),
  );
  const learner = await createVerifiedLearner(page);
  await loginThroughUi(page, learner.email, learner.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/subscribe');
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Pay ₹59 for the Starter Plan' }).click();
  expect((await popup).url()).toBe('https://rzp.io/l/quizquest-e2e-starter');
  await expect(page.getByText('Starter Plan selected! Pay ₹59 via QR code on the screen')).toBeVisible();
});
