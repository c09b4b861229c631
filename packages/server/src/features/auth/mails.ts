import type { Mail } from '../../mail/mailer.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function mail(
  to: string,
  subject: string,
  greeting: string,
  lines: string[],
  action?: { label: string; link: string },
): Mail {
  const text = [
    greeting,
    '',
    ...lines,
    ...(action ? ['', `${action.label}: ${action.link}`] : []),
    '',
    '— QuizQuest',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(greeting)}</p>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}
${action ? `<p><a href="${escapeHtml(action.link)}" style="display:inline-block;padding:12px 20px;background:#1e63c4;color:#fff;border-radius:8px;text-decoration:none">${escapeHtml(action.label)}</a></p><p>${escapeHtml(action.link)}</p>` : ''}
<p>— QuizQuest</p></body></html>`;
  return { to, subject, text, html, ...(action ? { link: action.link } : {}) };
}

export const verificationMail = (to: string, name: string, link: string) =>
  mail(
    to,
    'Verify your QuizQuest account',
    `Hello ${name},`,
    [
      'Thank you for signing up to QuizQuest. Please confirm this e-mail address to finish setting up the account.',
      'The link works once and expires in 24 hours.',
    ],
    { label: 'Verify my e-mail', link },
  );

export const resetMail = (to: string, name: string, link: string) =>
  mail(
    to,
    'Reset your QuizQuest password',
    `Hello ${name},`,
    [
      'Someone asked to reset the password of this QuizQuest account. If it was you, choose a new password with the link below.',
      'The link works once and expires in 1 hour. If you did not ask, you can ignore this e-mail: your password stays the same.',
    ],
    { label: 'Choose a new password', link },
  );

export const alreadyRegisteredMail = (to: string, name: string, loginLink: string) =>
  mail(
    to,
    'You already have a QuizQuest account',
    `Hello ${name},`,
    [
      'Someone tried to sign up to QuizQuest with this e-mail address, but it already has an account.',
      'If it was you, log in, or use "Forgot password" on the login page. If it was not you, you can ignore this e-mail.',
    ],
    { label: 'Log in', link: loginLink },
  );
