import type { Language } from './languages.ts';

/**
 * The server's messages in Hindi (issue 18, decision 034): every text the server and the shared
 * schemas can send as a response's `message` or field error, in the words of docs/i18n.md (the
 * glossary; the web catalogues' wording where they say the same). English is the spec's contract
 * and is never changed here: a message this table does not know comes back in English.
 */
const EXACT: Record<string, string> = {
  // The error handler and the HTTP helpers' defaults
  'Please log in to continue': 'आगे बढ़ने के लिए कृपया लॉग इन करें',
  'You do not have access to this': 'आपको यह देखने या करने की अनुमति नहीं है',
  'Not found': 'यह नहीं मिला',
  'Too many requests. Please wait a little and try again.':
    'बहुत ज़्यादा अनुरोध आ गए हैं। कृपया थोड़ा रुककर फिर से कोशिश करें।',
  'Invalid value': 'यह मान सही नहीं है',
  'Invalid input': 'यह मान सही नहीं है',
  'Invalid request': 'यह अनुरोध सही नहीं है',
  'A JSON body is required': 'अनुरोध में JSON बॉडी होना ज़रूरी है',
  'The request is too large': 'अनुरोध बहुत बड़ा है',
  'Send the request as JSON': 'अनुरोध JSON में भेजें',
  'The request body is not valid JSON': 'अनुरोध की बॉडी सही JSON नहीं है',
  'Something went wrong on our side. Please try again.': 'हमारी तरफ़ से कुछ गड़बड़ हो गई। कृपया फिर से कोशिश करें।',
  'The service is briefly unavailable. Please try again in a moment.':
    'सेवा कुछ देर के लिए उपलब्ध नहीं है। कृपया थोड़ी देर में फिर से कोशिश करें।',
  'The server is busy. Please try again in a moment.': 'सर्वर अभी व्यस्त है। कृपया थोड़ी देर में फिर से कोशिश करें।',
  'The text contains a character that is not allowed': 'इस टेक्स्ट में एक ऐसा अक्षर है जिसकी अनुमति नहीं है',
  'Only admins can do this': 'यह सिर्फ़ एडमिन कर सकते हैं',

  // Sign-up, login, e-mail and password
  'Signup successful! Please check your email to verify your account.':
    'साइन अप हो गया! अपने खाते की पुष्टि के लिए कृपया अपना ईमेल देखें।',
  'Email verified successfully': 'ईमेल की पुष्टि हो गई',
  'Password reset email sent': 'पासवर्ड रीसेट करने का ईमेल भेज दिया गया है',
  'Your password has been reset. Please log in with your new password.':
    'आपका पासवर्ड बदल दिया गया है। कृपया नए पासवर्ड से लॉग इन करें।',
  'Invalid email or password': 'ईमेल या पासवर्ड सही नहीं है',
  'If an account exists for this email, a password reset link has been sent.':
    'अगर इस ईमेल से कोई खाता है, तो पासवर्ड रीसेट करने का लिंक भेज दिया गया है।',
  'Verification failed. The token may be invalid or expired.':
    'पुष्टि नहीं हो सकी। हो सकता है लिंक सही न हो या उसका समय खत्म हो गया हो।',
  'This reset link is invalid or has expired. Please ask for a new one.':
    'यह रीसेट लिंक सही नहीं है या इसका समय खत्म हो गया है। कृपया नया लिंक मँगवाएँ।',
  'Too many login attempts. Please wait a few minutes and try again.':
    'लॉग इन की बहुत ज़्यादा कोशिशें हो गई हैं। कृपया कुछ मिनट रुककर फिर से कोशिश करें।',
  'Too many sign-ups from this network. Please try again later.':
    'इस नेटवर्क से बहुत ज़्यादा साइन अप हो चुके हैं। कृपया बाद में फिर से कोशिश करें।',
  'Too many sign-ups with this e-mail address. Please check your inbox or try again later.':
    'इस ईमेल पते से बहुत ज़्यादा साइन अप हो चुके हैं। कृपया अपना इनबॉक्स देखें या बाद में फिर से कोशिश करें।',
  'Too many failed logins from this network. Please try again tomorrow.':
    'इस नेटवर्क से लॉग इन की बहुत सारी कोशिशें नाकाम रहीं। कृपया कल फिर से कोशिश करें।',
  'Too many requests. Please wait a few minutes and try again.':
    'बहुत ज़्यादा अनुरोध आ गए हैं। कृपया कुछ मिनट रुककर फिर से कोशिश करें।',
  'Too many attempts. Please wait a few minutes and try again.':
    'बहुत ज़्यादा कोशिशें हो गई हैं। कृपया कुछ मिनट रुककर फिर से कोशिश करें।',
  'Too many attempts for this account. Please wait 15 minutes and try again.':
    'इस खाते के लिए बहुत ज़्यादा कोशिशें हो गई हैं। कृपया 15 मिनट रुककर फिर से कोशिश करें।',
  'This password is too common. Please choose a less predictable one.':
    'यह पासवर्ड बहुत आम है। कृपया ऐसा पासवर्ड चुनें जिसका अंदाज़ा लगाना मुश्किल हो।',
  'The password cannot be only spaces.': 'पासवर्ड में सिर्फ़ खाली जगह (स्पेस) नहीं हो सकती।',
  'The password needs at least 4 different characters.': 'पासवर्ड में कम से कम 4 अलग-अलग अक्षर होने चाहिए।',
  'The password must not contain your name, your e-mail address or the word QuizQuest.':
    'पासवर्ड में आपका नाम, आपका ईमेल पता या QuizQuest शब्द नहीं होना चाहिए।',
  'Email is required': 'ईमेल लिखना ज़रूरी है',
  'Enter a valid email address': 'कृपया सही ईमेल पता लिखें',
  'Password is required': 'पासवर्ड लिखना ज़रूरी है',
  'Choose a grade from the list': 'सूची में से कोई कक्षा चुनें',
  'A parent or guardian must agree to the privacy notice':
    'माता-पिता या अभिभावक का प्राइवेसी नोटिस से सहमत होना ज़रूरी है',
  'The token is invalid or expired': 'यह लिंक सही नहीं है या इसका समय खत्म हो गया है',
  'Token is required': 'लिंक का टोकन ज़रूरी है',
  'Choose English or Hindi': 'अंग्रेज़ी या हिन्दी चुनें',

  // Profile and account
  'Email cannot be changed': 'ईमेल बदला नहीं जा सकता',
  'Enter a valid phone number (7 to 15 digits)': 'सही फ़ोन नंबर लिखें (7 से 15 अंक)',
  'Enter a real date of birth (YYYY-MM-DD)': 'सही जन्म तिथि लिखें (YYYY-MM-DD)',
  'Date of birth must be in the past': 'जन्म तिथि आज से पहले की होनी चाहिए',
  'Choose Male or Female': 'लड़का या लड़की चुनें',
  'The avatar is too large': 'प्रोफ़ाइल फ़ोटो बहुत बड़ी है',
  'The avatar must be an image': 'प्रोफ़ाइल फ़ोटो कोई तस्वीर होनी चाहिए',
  'Your account and its personal data have been deleted.': 'आपका खाता और उसकी निजी जानकारी हटा दी गई है।',
  'Account not found': 'खाता नहीं मिला',
  'Choose a time zone from the list': 'सूची में से कोई टाइम ज़ोन चुनें',
  'Image not found': 'तस्वीर नहीं मिली',
  'Too many images uploaded. Please wait a while and try again.':
    'बहुत सारी तस्वीरें अपलोड हो चुकी हैं। कृपया कुछ देर रुककर फिर से कोशिश करें।',

  // Quizzes, attempts, review
  'Quiz not found': 'क्विज़ नहीं मिला',
  'Result not found': 'नतीजा नहीं मिला',
  'This quiz has no questions yet.': 'इस क्विज़ में अभी कोई सवाल नहीं है।',
  'Attempt limit reached for this quiz': 'इस क्विज़ के सारे प्रयास पूरे हो चुके हैं',
  'Please answer all questions before submitting the quiz.': 'जमा करने से पहले कृपया सभी सवालों के जवाब दें।',
  'Too many quiz submissions. Please wait a minute and try again.':
    'बहुत सारे क्विज़ जमा हो चुके हैं। कृपया एक मिनट रुककर फिर से कोशिश करें।',
  'These answers were already submitted, or the quiz was not opened. Please open the quiz again.':
    'ये जवाब पहले ही जमा हो चुके हैं, या क्विज़ खोला नहीं गया था। कृपया क्विज़ फिर से खोलें।',
  'Each answer must be the number of an option': 'हर जवाब किसी विकल्प का नंबर होना चाहिए',
  'Answers are required: one option number per question': 'जवाब ज़रूरी हैं: हर सवाल के लिए एक विकल्प का नंबर',
  'Too many answers': 'जवाब बहुत ज़्यादा हैं',
  'The grade is required': 'कक्षा चुनना ज़रूरी है',
  'The category must be text': 'विषय टेक्स्ट होना चाहिए',
  'type is practice or certification': 'type में practice या certification होना चाहिए',
  'Nothing to review right now. Open your review again to start a new one.':
    'अभी दोहराने के लिए कुछ नहीं है। नया दौर शुरू करने के लिए ‘अपनी गलतियाँ दोहराइए’ फिर से खोलें।',
  'Too many review submissions. Please wait a minute and try again.':
    'गलतियाँ दोहराते हुए बहुत बार जवाब जमा हो चुके हैं। कृपया एक मिनट रुककर फिर से कोशिश करें।',
  // Idempotent submissions (decision 036): texts for the client program that sends the header.
  'The Idempotency-Key header must be 1 to 255 printable ASCII characters.':
    'Idempotency-Key हेडर में 1 से 255 तक छपने लायक ASCII अक्षर होने चाहिए।',
  'This Idempotency-Key was already used for another request.':
    'यह Idempotency-Key किसी दूसरे अनुरोध के लिए पहले ही इस्तेमाल हो चुकी है।',

  // Certification
  'Upgrade your plan to unlock this level.': 'यह लेवल खोलने के लिए अपना प्लान अपग्रेड करें।',
  'Certificate not found': 'प्रमाणपत्र नहीं मिला',
  'You have not completed a level yet. Earn all 10 certifications of a level to download its certificate.':
    'आपने अभी कोई लेवल पूरा नहीं किया है। किसी लेवल का प्रमाणपत्र डाउनलोड करने के लिए उसके सभी 10 सर्टिफ़िकेशन पूरे करें।',
  'Too many certificate checks. Please wait a minute and try again.':
    'प्रमाणपत्र की बहुत बार जाँच हो चुकी है। कृपया एक मिनट रुककर फिर से कोशिश करें।',
  // Verifiable credentials (decision 037)
  'includeName is true or false': 'includeName का मान true या false होना चाहिए',
  'Send a credential or a certificate code.': 'कोई क्रेडेंशियल या प्रमाणपत्र का कोड भेजें।',
  'The credential is too large (at most 64 KB).': 'यह क्रेडेंशियल बहुत बड़ा है (ज़्यादा से ज़्यादा 64 KB)।',
  'The reason must be 3 to 500 characters.': 'कारण 3 से 500 अक्षरों का होना चाहिए।',
  'This credential is valid: QuizQuest issued it and has not revoked it.':
    'यह क्रेडेंशियल सही है: इसे QuizQuest ने जारी किया है और यह रद्द नहीं हुआ है।',
  'This credential was revoked by QuizQuest.': 'QuizQuest ने यह क्रेडेंशियल रद्द कर दिया है।',
  'This credential has expired.': 'इस क्रेडेंशियल की अवधि ख़त्म हो चुकी है।',
  'This credential is not valid: it was changed, or QuizQuest did not issue it.':
    'यह क्रेडेंशियल सही नहीं है: इसमें बदलाव किया गया है, या इसे QuizQuest ने जारी नहीं किया है।',
  'This certificate is valid.': 'यह प्रमाणपत्र सही है।',
  'This certificate was revoked by QuizQuest.': 'QuizQuest ने यह प्रमाणपत्र रद्द कर दिया है।',
  'No certificate has this code.': 'इस कोड का कोई प्रमाणपत्र नहीं है।',
  'Too many credential checks. Please wait a minute and try again.':
    'क्रेडेंशियल की बहुत बार जाँच हो चुकी है। कृपया एक मिनट रुककर फिर से कोशिश करें।',
  'This certificate was revoked, so its credential cannot be downloaded.':
    'यह प्रमाणपत्र रद्द हो चुका है, इसलिए इसका क्रेडेंशियल डाउनलोड नहीं किया जा सकता।',
  'This certificate is already revoked.': 'यह प्रमाणपत्र पहले ही रद्द हो चुका है।',
  'Achievement not found': 'यह उपलब्धि नहीं मिली',
  'Status list not found': 'यह स्टेटस सूची नहीं मिली',

  // Plans and payments
  'Plan not found': 'प्लान नहीं मिला',
  'Plan activated': 'प्लान चालू हो गया',
  'Payment already applied': 'यह भुगतान पहले ही लागू हो चुका है',
  'Invalid signature': 'सिग्नेचर सही नहीं है',
  'Payments are not set up on this server': 'इस सर्वर पर भुगतान की व्यवस्था नहीं है',
  'The request body is not a payment event': 'अनुरोध की बॉडी भुगतान का इवेंट नहीं है',
  'Event already processed': 'यह इवेंट पहले ही दर्ज हो चुका है',
  'Event recorded; nothing to activate': 'इवेंट दर्ज हो गया; चालू करने के लिए कुछ नहीं है',
  'Event recorded; the payment matches no plan': 'इवेंट दर्ज हो गया; यह भुगतान किसी प्लान से मेल नहीं खाता',
  'Event recorded; the payment does not say which child it is for':
    'इवेंट दर्ज हो गया; भुगतान में यह नहीं लिखा है कि वह किस बच्चे के लिए है',
  'Event recorded; no account has that e-mail': 'इवेंट दर्ज हो गया; इस ईमेल से कोई खाता नहीं है',
  'Choose the plan to activate': 'चालू करने के लिए प्लान चुनें',
  'Choose activate, extend or cancel': 'चालू करना, बढ़ाना या रद्द करना चुनें',
  'Choose one of the four plans': 'चार प्लान में से एक चुनें',

  // Admin: learners, subscriptions, quizzes, import
  'This learner has no active plan': 'इस विद्यार्थी का कोई चालू प्लान नहीं है',
  'User not found': 'यूज़र नहीं मिला',
  'Learner not found': 'विद्यार्थी नहीं मिला',
  'Plan cancelled; the learner is on the Free Plan': 'प्लान रद्द हो गया; विद्यार्थी अब फ़्री प्लान पर है',
  'The start date must be on or before the end date':
    'शुरू होने की तारीख, खत्म होने की तारीख से पहले या उसी दिन की होनी चाहिए',
  'Title is required': 'क्विज़ का नाम लिखना ज़रूरी है',
  'Category is required': 'विषय चुनना ज़रूरी है',
  'Choose at least one grade': 'कम से कम एक कक्षा चुनें',
  'A quiz needs at least one question': 'क्विज़ में कम से कम एक सवाल होना चाहिए',
  'The Learn More link must start with http:// or https://':
    '‘और जानें’ लिंक http:// या https:// से शुरू होना चाहिए',
  'A practice quiz (level 0) has no sub-level': 'अभ्यास क्विज़ (लेवल 0) का कोई सब-लेवल नहीं होता',
  'Quiz saved successfully!': 'क्विज़ सेव हो गया!',
  'Quiz deleted': 'क्विज़ हटा दिया गया',
  'An option is of type text or image': 'विकल्प का type text या image होता है',
  'An option value must be text': 'विकल्प का मान टेक्स्ट होना चाहिए',
  '_id must be a question id': '_id किसी सवाल की id होनी चाहिए',
  'The file was not imported: fix the problems listed and try again.':
    'फ़ाइल इम्पोर्ट नहीं हुई: बताई गई समस्याएँ ठीक करके फिर से कोशिश करें।',
  'The file holds no quiz': 'इस फ़ाइल में कोई क्विज़ नहीं है',

  // Content files (the admin's import and the content pack)
  'Image is required': 'तस्वीर ज़रूरी है',
  'An image must name a .png, .jpg, .webp or .gif file under images/':
    'तस्वीर में images/ के अंदर की किसी .png, .jpg, .webp या .gif फ़ाइल का नाम होना चाहिए',
  'An option is {"type": "text" | "image", "value": …}':
    'विकल्प {"type": "text" | "image", "value": …} के रूप में होता है',
  'The explanation only repeats the correct answer: say why it is right':
    '‘समझिए क्यों’ सिर्फ़ सही जवाब दोहराता है: बताइए कि वह सही क्यों है',
  'hi.options is a list of option texts (null keeps the English option)':
    'hi.options विकल्पों के टेक्स्ट की सूची है (null लिखने पर अंग्रेज़ी विकल्प ही रहता है)',
  'An image option has no Hindi text: write null': 'तस्वीर वाले विकल्प का हिन्दी टेक्स्ट नहीं होता: null लिखें',
  'The Hindi version needs the explanation too': 'हिन्दी रूप में भी ‘समझिए क्यों’ होना चाहिए',
  'A Hindi explanation needs an English explanation':
    'हिन्दी ‘समझिए क्यों’ के साथ अंग्रेज़ी ‘समझिए क्यों’ भी होना चाहिए',
  'key is letters, digits and single dashes': 'key में सिर्फ़ अक्षर, अंक और अकेले डैश हो सकते हैं',
  'A grade appears twice': 'एक कक्षा दो बार लिखी है',
  'A quiz is for at least one grade': 'क्विज़ कम से कम एक कक्षा के लिए होना चाहिए',
  'learnMoreLink must be an http(s) link': 'learnMoreLink एक http(s) लिंक होना चाहिए',
  'generatorIds lists at least one generator': 'generatorIds में कम से कम एक जनरेटर होना चाहिए',
  'A quiz has at least one question': 'क्विज़ में कम से कम एक सवाल होना चाहिए',
  'A practice quiz (level 0) has no subLevel': 'अभ्यास क्विज़ (लेवल 0) का कोई subLevel नहीं होता',
  'A generated quiz is a practice quiz (level 0)': 'अपने-आप बनने वाला क्विज़ अभ्यास क्विज़ (लेवल 0) होता है',
  'A generated quiz has no questions of its own': 'अपने-आप बनने वाले क्विज़ के अपने सवाल नहीं होते',
  'A generated quiz needs questionsPerAttempt': 'अपने-आप बनने वाले क्विज़ में questionsPerAttempt होना चाहिए',
  'A content file holds at least one quiz': 'कंटेंट फ़ाइल में कम से कम एक क्विज़ होना चाहिए',
  'A content file is a JSON array of quizzes': 'कंटेंट फ़ाइल क्विज़ की एक JSON array होती है',

  // Family accounts (decision 035): children, the parent PIN, the report
  'Child not found': 'बच्चा नहीं मिला',
  'An account keeps at least one child. To remove this one, delete the account instead.':
    'खाते में कम से कम एक बच्चा रहना ज़रूरी है। इस बच्चे को हटाने के लिए पूरा खाता ही हटाएँ।',
  'Admin accounts have no children.': 'एडमिन खातों में बच्चे नहीं होते।',
  'The child and their data were removed.': 'बच्चे और उसके डेटा को हटा दिया गया।',
  'The password is not correct. Nothing was removed.': 'पासवर्ड सही नहीं है। कुछ भी नहीं हटाया गया।',
  'The password is not correct. Nothing was changed.': 'पासवर्ड सही नहीं है। कुछ भी नहीं बदला गया।',
  'Enter the parent PIN to continue.': 'आगे बढ़ने के लिए माता-पिता का पिन लिखें।',
  'That PIN is not correct.': 'यह पिन सही नहीं है।',
  'The parent PIN is locked after too many wrong tries. Reset it from the link we sent by e-mail.':
    'बहुत बार गलत पिन लिखने से माता-पिता का पिन लॉक हो गया है। ईमेल से भेजे गए लिंक से इसे रीसेट करें।',
  'No parent PIN is set.': 'माता-पिता का कोई पिन नहीं बना है।',
  'The PIN is four digits': 'पिन चार अंकों का होता है',
  'The parent PIN is saved.': 'माता-पिता का पिन सेव हो गया है।',
  'The parent PIN is removed.': 'माता-पिता का पिन हटा दिया गया है।',
  'We sent a link to remove the PIN to the account’s e-mail address.':
    'हमने पिन हटाने का लिंक खाते के ईमेल पते पर भेज दिया है।',
  'The parent PIN is removed. You can set a new one on the profile page.':
    'माता-पिता का पिन हटा दिया गया है। आप प्रोफ़ाइल पेज पर नया पिन बना सकते हैं।',
  'This link is invalid or has expired. Please ask for a new one.':
    'यह लिंक सही नहीं है या इसका समय खत्म हो गया है। कृपया नया लिंक मँगवाएँ।',
  'Your choice is saved.': 'आपकी पसंद सेव हो गई।',
  'Choose on or off': 'चालू या बंद चुनें',
  'Choose 7 or 30 days': '7 या 30 दिन चुनें',
  'Too many requests. Please wait an hour and try again.':
    'बहुत ज़्यादा अनुरोध आ गए हैं। कृपया एक घंटा रुककर फिर से कोशिश करें।',

  // Dates
  'A date must be YYYY-MM-DD or an ISO date and time':
    'तारीख YYYY-MM-DD या ISO तारीख और समय के रूप में होनी चाहिए',
  'Not a valid date': 'यह सही तारीख नहीं है',
};

/**
 * Messages with values, written as their English templates: `{name}` stands for a value, kept as
 * it is in the Hindi (a number, a plan name, a title), except `{label}` (a field's name, through
 * LABELS), `{field}` (an image's place, through imageField), `{minutes}` ('3 minutes') and
 * `{why}` (a whole message of its own, localised in turn). More specific templates come first.
 */
const TEMPLATES: Array<[english: string, hindi: string]> = [
  // Family accounts
  ['An account can have at most {max} children.', 'एक खाते में ज़्यादा से ज़्यादा {max} बच्चे हो सकते हैं।'],
  // Plans and levels
  ['Level {level} is locked. {why}', 'लेवल {level} लॉक है। {why}'],
  [
    'Your {plan} does not include certification levels. Upgrade your plan to unlock this level.',
    'आपके {plan} में सर्टिफ़िकेशन लेवल शामिल नहीं हैं। यह लेवल खोलने के लिए अपना प्लान अपग्रेड करें।',
  ],
  [
    'Your {plan} includes Level 1. Upgrade your plan to unlock this level.',
    'आपके {plan} में लेवल 1 शामिल है। यह लेवल खोलने के लिए अपना प्लान अपग्रेड करें।',
  ],
  [
    'Your {plan} includes Levels 1 to {level}. Upgrade your plan to unlock this level.',
    'आपके {plan} में लेवल 1 से {level} तक शामिल हैं। यह लेवल खोलने के लिए अपना प्लान अपग्रेड करें।',
  ],
  [
    'Complete all {count} certifications of Level {current} to unlock Level {level}.',
    'लेवल {level} खोलने के लिए लेवल {current} के सभी {count} सर्टिफ़िकेशन पूरे करें।',
  ],
  ['This quiz is not a certification of Level {level}.', 'यह क्विज़ लेवल {level} का सर्टिफ़िकेशन नहीं है।'],
  [
    'Earn {name} ({id}) first: the certifications of Level {level} are earned in order.',
    'पहले {name} ({id}) पूरा करें: लेवल {level} के सर्टिफ़िकेशन क्रम से ही मिलते हैं।',
  ],
  [
    'Level {level} is not complete yet. Earn all 10 certifications of Level {level} to download its certificate.',
    'लेवल {level} अभी पूरा नहीं हुआ है। इसका प्रमाणपत्र डाउनलोड करने के लिए लेवल {level} के सभी 10 सर्टिफ़िकेशन पूरे करें।',
  ],
  [
    'Max {max} Quizzes can be attempted. Upgrade Now.',
    'आपके प्लान में ज़्यादा से ज़्यादा {max} क्विज़ दिए जा सकते हैं। अभी अपग्रेड करें।',
  ],
  ['{plan} extended by {days} days', '{plan} {days} दिन और बढ़ा दिया गया'],
  ['{plan} activated', '{plan} चालू हो गया'],

  // Login and limits
  [
    'Too many failed logins for this account from your network. Please wait {minutes} and try again, or reset your password.',
    'आपके नेटवर्क से इस खाते में लॉग इन की बहुत सारी कोशिशें नाकाम रहीं। कृपया {minutes} रुककर फिर से कोशिश करें, या अपना पासवर्ड रीसेट करें।',
  ],

  // Answers
  [
    'This quiz has {questions} questions, but {answers} answers were sent.',
    'इस क्विज़ में {questions} सवाल हैं, लेकिन {answers} जवाब भेजे गए।',
  ],
  [
    'The answer to question {n} must be one of its {options} options (0 to {last}).',
    'सवाल {n} का जवाब उसके {options} विकल्पों में से एक होना चाहिए (0 से {last})।',
  ],

  // Images
  ['The {field} is too large (at most {mb} MB)', '{field} का साइज़ बहुत बड़ा है (ज़्यादा से ज़्यादा {mb} MB)'],
  ['The {field} must be a PNG, JPEG, WebP or GIF image', '{field} PNG, JPEG, WebP या GIF तस्वीर होनी चाहिए'],
  [
    'The {field} could not be read as an image, or its dimensions are too large',
    '{field} को तस्वीर की तरह पढ़ा नहीं जा सका, या उसकी लंबाई-चौड़ाई बहुत ज़्यादा है',
  ],
  [
    'The {field} could not be read as an image: the file is damaged or incomplete',
    '{field} को तस्वीर की तरह पढ़ा नहीं जा सका: फ़ाइल खराब या अधूरी है',
  ],
  [
    'The {field} cannot be stored: your images already use the {mb} MB allowed',
    '{field} सेव नहीं की जा सकती: आपकी तस्वीरें पहले ही पूरी {mb} MB जगह ले चुकी हैं',
  ],
  ['The {field} was not found. Please upload it again.', '{field} नहीं मिली। कृपया इसे फिर से अपलोड करें।'],

  // The admin's quiz form and import
  [
    'Question {n} must have either text or image.',
    'सवाल {n} में लिखा हुआ सवाल या तस्वीर, कोई एक ज़रूर होनी चाहिए।',
  ],
  [
    'Question {n} has Hindi options or an explanation but no Hindi question text.',
    'सवाल {n} में हिन्दी विकल्प या ‘समझिए क्यों’ है, लेकिन सवाल का हिन्दी टेक्स्ट नहीं है।',
  ],
  ['All options must be filled in Question {n}.', 'सवाल {n} के सभी विकल्प भरें।'],
  [
    'The explanation of Question {n} must be at most {max} characters.',
    'सवाल {n} का ‘समझिए क्यों’ ज़्यादा से ज़्यादा {max} अक्षरों का हो सकता है।',
  ],
  [
    'Choose the correct answer of Question {n} among its {options} options.',
    'सवाल {n} के {options} विकल्पों में से सही जवाब चुनें।',
  ],
  ['Choose a sub-level of Level {level}', 'लेवल {level} का कोई सब-लेवल चुनें'],
  ['Level must be 0 (practice) to {max}', 'लेवल 0 (अभ्यास) से {max} तक होना चाहिए'],
  ['level must be 0 (practice) to {max}', 'level 0 (अभ्यास) से {max} तक होना चाहिए'],
  [
    'Questions per attempt must be 1 to {max}, or empty for all',
    'हर प्रयास में सवालों की संख्या 1 से {max} तक हो, या सभी सवालों के लिए खाली छोड़ दें',
  ],
  [
    "Questions per attempt cannot be more than the quiz's {questions} questions",
    'हर प्रयास में सवालों की संख्या क्विज़ के {questions} सवालों से ज़्यादा नहीं हो सकती',
  ],
  ['A quiz has at most {max} questions', 'एक क्विज़ में ज़्यादा से ज़्यादा {max} सवाल हो सकते हैं'],
  ['At most {max} quizzes per import', 'एक बार में ज़्यादा से ज़्यादा {max} क्विज़ इम्पोर्ट हो सकते हैं'],
  [
    'This is not a QuizQuest quiz export (version {version})',
    'यह QuizQuest का क्विज़ एक्सपोर्ट (वर्ज़न {version}) नहीं है',
  ],
  ['The title "{title}" is also used by quiz {n} of this file', 'नाम "{title}" इसी फ़ाइल के क्विज़ {n} का भी है'],
  ['A quiz titled "{title}" already exists', '"{title}" नाम का क्विज़ पहले से मौजूद है'],
  ['1 quiz imported', '1 क्विज़ इम्पोर्ट हुआ'],
  ['{count} quizzes imported', '{count} क्विज़ इम्पोर्ट हुए'],
  ['hi.options has exactly {count} entries', 'hi.options में ठीक {count} चीज़ें होनी चाहिए'],
  ['hi.options has at most {count} entries', 'hi.options में ज़्यादा से ज़्यादा {count} चीज़ें हो सकती हैं'],
  ['Hindi option "{value}" appears twice', 'हिन्दी विकल्प "{value}" दो बार लिखा है'],
  ['A question has exactly {count} options', 'हर सवाल में ठीक {count} विकल्प होने चाहिए'],
  ['Option "{value}" appears twice', 'विकल्प "{value}" दो बार लिखा है'],
  [
    'questionsPerAttempt is {count} but the quiz has only {questions} questions',
    'questionsPerAttempt {count} है, लेकिन क्विज़ में सिर्फ़ {questions} सवाल हैं',
  ],
  [
    'A level {level} quiz needs subLevel L{level}-C1 … L{level}-C{last}',
    'लेवल {level} के क्विज़ में subLevel L{level}-C1 … L{level}-C{last} होना चाहिए',
  ],
  ['Question text "{text}" appears twice in this quiz', 'सवाल "{text}" इस क्विज़ में दो बार है'],
  ['key "{key}" is used twice', 'key "{key}" दो बार इस्तेमाल हुई है'],
  ['Title "{title}" is used twice', 'नाम "{title}" दो बार इस्तेमाल हुआ है'],

  // Dates
  ['A date must be from {first} to {last}', 'तारीख {first} से {last} के बीच की होनी चाहिए'],
  [
    '{label} must be a date and time from {first} to {last}',
    '{label} {first} से {last} के बीच की तारीख और समय होना चाहिए',
  ],
  ['{label} must be an ISO date and time', '{label} ISO तारीख और समय होना चाहिए'],

  // A field and its rule (labels through LABELS)
  ['{label} is required', '{label} लिखना ज़रूरी है'],
  ['{label} must be at most {max} characters', '{label} ज़्यादा से ज़्यादा {max} अक्षरों का हो सकता है'],
  ['{label} must be at least {min} characters', '{label} कम से कम {min} अक्षरों का होना चाहिए'],
  ['{label} must be a number from {min} to {max}', '{label} {min} से {max} तक की कोई संख्या होनी चाहिए'],
  ['{label} is a number from {min} to {max}', '{label} {min} से {max} तक की कोई संख्या होनी चाहिए'],
  ['{label} must be {min} to {max}', '{label} {min} से {max} तक होना चाहिए'],
  ['{label} must be a number', '{label} कोई संख्या होनी चाहिए'],
  ['{label} must be text', '{label} टेक्स्ट होना चाहिए'],
  ['{label} must be a list', '{label} एक सूची होनी चाहिए'],
  ['{label} must be an image', '{label} कोई तस्वीर होनी चाहिए'],
  ['{label} must be true or false', '{label} true या false होना चाहिए'],

  // zod's own words, for a field without a message of ours
  [
    'Invalid input: expected {expected}, received {received}',
    'यह मान सही नहीं है: {expected} चाहिए, {received} मिला',
  ],
];

/** Field names as the schemas' messages name them; a name not here (`pageSize`) stays as it is. */
const LABELS: Record<string, string> = {
  'First name': 'पहला नाम',
  'Last name': 'उपनाम',
  Email: 'ईमेल',
  Password: 'पासवर्ड',
  Title: 'क्विज़ का नाम',
  Category: 'विषय',
  'The category': 'विषय',
  'The search': 'खोज',
  'The title search': 'नाम की खोज',
  'Attempts allowed': 'प्रयासों की संख्या',
  'Question text': 'सवाल का टेक्स्ट',
  'Option text': 'विकल्प का टेक्स्ट',
  Explanation: '‘समझिए क्यों’',
  'The explanation': '‘समझिए क्यों’',
  'Hindi question text': 'सवाल का हिन्दी टेक्स्ट',
  'The Hindi question text': 'सवाल का हिन्दी टेक्स्ट',
  'Hindi option text': 'विकल्प का हिन्दी टेक्स्ट',
  'A Hindi option': 'हिन्दी विकल्प',
  'Hindi explanation': 'हिन्दी ‘समझिए क्यों’',
  'The Hindi explanation': 'हिन्दी ‘समझिए क्यों’',
  'Hindi title': 'हिन्दी नाम',
  'The Hindi title': 'हिन्दी नाम',
  'The Learn More link': '‘और जानें’ लिंक',
};

/** Where an image belongs, as the media messages name it ('image of Question 3'). */
function imageField(field: string): string | null {
  if (field === 'image') return 'तस्वीर';
  if (field === 'avatar') return 'प्रोफ़ाइल फ़ोटो';
  let match = /^image of Question (\d+)$/.exec(field);
  if (match) return `सवाल ${match[1]} की तस्वीर`;
  match = /^image of option (\d+) in Question (\d+)$/.exec(field);
  if (match) return `सवाल ${match[2]} के विकल्प ${match[1]} की तस्वीर`;
  match = /^explanation image of Question (\d+)$/.exec(field);
  if (match) return `सवाल ${match[1]} के ‘समझिए क्यों’ की तस्वीर`;
  return null;
}

/** '1 minute' or '7 minutes', as the login throttle words a wait. */
function minutes(text: string): string | null {
  const match = /^(\d+) minutes?$/.exec(text);
  return match ? `${match[1]} मिनट` : null;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface CompiledTemplate {
  pattern: RegExp;
  hindi: string;
}

/** `{name}` becomes a named group; a name used again must hold the same value. */
function compile([english, hindi]: [string, string]): CompiledTemplate {
  const seen = new Set<string>();
  const source = english
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (!name) return escapeRegExp(part);
      if (seen.has(name)) return `\\k<${name}>`;
      seen.add(name);
      return `(?<${name}>.+?)`;
    })
    .join('');
  return { pattern: new RegExp(`^${source}$`, 's'), hindi };
}

const COMPILED = TEMPLATES.map(compile);

function hindiValue(name: string, value: string): string | null {
  if (name === 'label') return LABELS[value] ?? value;
  if (name === 'field') return imageField(value);
  if (name === 'minutes') return minutes(value);
  if (name === 'why') return hindi(value);
  return value;
}

function hindi(message: string): string | null {
  const exact = EXACT[message];
  if (exact !== undefined) return exact;
  for (const { pattern, hindi: template } of COMPILED) {
    const groups = pattern.exec(message)?.groups;
    if (!groups) continue;
    const values = new Map<string, string>();
    let complete = true;
    for (const [name, value] of Object.entries(groups)) {
      const localised = hindiValue(name, value);
      if (localised === null) complete = false;
      else values.set(name, localised);
    }
    if (complete) return template.replace(/\{(\w+)\}/g, (whole, name: string) => values.get(name) ?? whole);
  }
  return null;
}

/**
 * A server message in the learner's language: English as it is; Hindi from the table, values
 * kept; a message the table does not know stays English (never an empty string).
 */
export function localiseMessage(message: string, language: Language): string {
  if (language === 'en' || message === '') return message;
  return hindi(message) ?? message;
}
