import type { Language } from '@quizquest/shared';
import { composeMail as mail } from '../../mail/compose.ts';

/**
 * Each mail in the account's language (decision 034): English as it always was, or Hindi in the
 * words of docs/i18n.md (खाता, पुष्टि, as the web app says them).
 */
export const verificationMail = (to: string, name: string, link: string, language: Language) =>
  language === 'hi'
    ? mail(
        to,
        'अपने QuizQuest खाते की पुष्टि करें',
        `नमस्ते ${name},`,
        [
          'QuizQuest पर साइन अप करने के लिए धन्यवाद। खाता पूरी तरह तैयार करने के लिए कृपया इस ईमेल पते की पुष्टि करें।',
          'यह लिंक एक ही बार काम करता है और 24 घंटे में खत्म हो जाता है।',
        ],
        { label: 'मेरे ईमेल की पुष्टि करें', link },
      )
    : mail(
        to,
        'Verify your QuizQuest account',
        `Hello ${name},`,
        [
          'Thank you for signing up to QuizQuest. Please confirm this e-mail address to finish setting up the account.',
          'The link works once and expires in 24 hours.',
        ],
        { label: 'Verify my e-mail', link },
      );

export const resetMail = (to: string, name: string, link: string, language: Language) =>
  language === 'hi'
    ? mail(
        to,
        'अपना QuizQuest पासवर्ड रीसेट करें',
        `नमस्ते ${name},`,
        [
          'किसी ने इस QuizQuest खाते का पासवर्ड रीसेट करने को कहा है। अगर यह आप थे, तो नीचे दिए लिंक से नया पासवर्ड चुनें।',
          'यह लिंक एक ही बार काम करता है और 1 घंटे में खत्म हो जाता है। अगर आपने यह नहीं माँगा, तो इस ईमेल को अनदेखा कर दें: आपका पासवर्ड वही रहेगा।',
        ],
        { label: 'नया पासवर्ड चुनें', link },
      )
    : mail(
        to,
        'Reset your QuizQuest password',
        `Hello ${name},`,
        [
          'Someone asked to reset the password of this QuizQuest account. If it was you, choose a new password with the link below.',
          'The link works once and expires in 1 hour. If you did not ask, you can ignore this e-mail: your password stays the same.',
        ],
        { label: 'Choose a new password', link },
      );

export const alreadyRegisteredMail = (to: string, name: string, loginLink: string, language: Language) =>
  language === 'hi'
    ? mail(
        to,
        'QuizQuest पर आपका खाता पहले से है',
        `नमस्ते ${name},`,
        [
          'किसी ने इस ईमेल पते से QuizQuest पर साइन अप करने की कोशिश की, लेकिन इस पते से खाता पहले से बना हुआ है।',
          'अगर यह आप थे, तो लॉग इन करें, या लॉग इन पेज पर "पासवर्ड भूल गए?" चुनें। अगर यह आप नहीं थे, तो इस ईमेल को अनदेखा कर दें।',
        ],
        { label: 'लॉग इन करें', link: loginLink },
      )
    : mail(
        to,
        'You already have a QuizQuest account',
        `Hello ${name},`,
        [
          'Someone tried to sign up to QuizQuest with this e-mail address, but it already has an account.',
          'If it was you, log in, or use "Forgot password" on the login page. If it was not you, you can ignore this e-mail.',
        ],
        { label: 'Log in', link: loginLink },
      );
