import type { Language } from '@quizquest/shared';
import { composeMail } from '../../mail/compose.ts';

/** The link that removes a locked or forgotten parent PIN, in the parent's language (decision 035). */
export const pinResetMail = (to: string, name: string, link: string, language: Language) =>
  language === 'hi'
    ? composeMail(
        to,
        'QuizQuest: माता-पिता का पिन हटाएँ',
        `नमस्ते ${name},`,
        [
          'किसी ने कहा है कि इस QuizQuest खाते से माता-पिता का पिन हटा दिया जाए। अगर यह आप थे, तो नीचे दिए लिंक से पिन हटाएँ। फिर आप प्रोफ़ाइल पेज पर नया पिन बना सकते हैं।',
          'यह लिंक एक ही बार काम करता है और 1 घंटे में खत्म हो जाता है। अगर आपने यह नहीं माँगा, तो इस ईमेल को अनदेखा कर दें: पिन वही रहेगा।',
        ],
        { label: 'पिन हटाएँ', link },
      )
    : composeMail(
        to,
        'Remove your QuizQuest parent PIN',
        `Hello ${name},`,
        [
          'Someone asked to remove the parent PIN of this QuizQuest account. If it was you, remove it with the link below; you can then set a new one on the profile page.',
          'The link works once and expires in 1 hour. If you did not ask, you can ignore this e-mail: the PIN stays the same.',
        ],
        { label: 'Remove the PIN', link },
      );
