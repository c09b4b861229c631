import type { Mail } from './mailer.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A mail with a greeting, paragraphs and an optional button, as text and as HTML. */
export function composeMail(
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
