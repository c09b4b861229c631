import { Link } from 'react-router';
import { PublicLayout } from '../../../components/public-layout.tsx';
import { PRIVACY_CONTACT_EMAIL } from '../../../lib/config.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

/** The privacy notice a parent agrees to at sign-up (India's Digital Personal Data Protection Act, 2023). */
export function PrivacyPage() {
  useDocumentTitle('Privacy Notice');
  const mailto = `mailto:${PRIVACY_CONTACT_EMAIL}`;

  return (
    <PublicLayout wide>
      <article className="card prose">
        <h1>Privacy Notice</h1>
        <p className="subtitle">
          For parents and guardians. QuizQuest is used by children, so we ask a parent or guardian to agree to
          this notice when creating an account, and we collect only what the learning service needs.
        </p>

        <section aria-labelledby="privacy-what">
          <h2 id="privacy-what">What we store</h2>
          <ul>
            <li>
              The learner&apos;s first name, last name and grade, and the e-mail address used to sign in.
            </li>
            <li>
              The password, only as a one-way scrambled value (a hash): nobody, including us, can read it.
            </li>
            <li>
              If you choose to add them in the profile: a phone number, gender, date of birth and a profile
              picture (avatar).
            </li>
            <li>
              Quiz attempts: the answers given, scores and dates, and the certifications and certificates
              earned.
            </li>
            <li>The consent given at sign-up: its wording and the time it was given.</li>
            <li>
              If you buy a plan: which plan, when it starts and ends, and the payment reference. Payments are
              made on the payment provider&apos;s page; we never see card, UPI or bank details.
            </li>
          </ul>
          <p>
            To keep you signed in, the browser keeps a sign-in token and basic account details in its local
            storage. We do not use advertising or tracking cookies.
          </p>
        </section>

        <section aria-labelledby="privacy-why">
          <h2 id="privacy-why">Why we store it</h2>
          <ul>
            <li>
              To run the learning service: sign-in, quizzes for the right grade, scores, progress and
              certificates.
            </li>
            <li>
              To send the e-mails the account needs: verifying the e-mail address and resetting a forgotten
              password.
            </li>
            <li>To apply the plan you chose and its limits.</li>
          </ul>
          <p>
            We never sell personal data. There are no third-party trackers, analytics or advertisements in
            QuizQuest, and we do not track or profile children&apos;s behaviour for advertising.
          </p>
        </section>

        <section aria-labelledby="privacy-how-long">
          <h2 id="privacy-how-long">How long we keep it</h2>
          <p>
            We keep the data for as long as the account exists. When you ask us to delete the account, we
            delete its personal data, except what the law requires us to keep (for example, payment records
            for tax purposes), which is kept only for as long as the law requires.
          </p>
        </section>

        <section aria-labelledby="privacy-rights">
          <h2 id="privacy-rights">Your rights</h2>
          <p>
            Under India&apos;s Digital Personal Data Protection Act, 2023, you as the parent or guardian can:
          </p>
          <ul>
            <li>
              <strong>Access and download:</strong> ask for a summary of the personal data we hold about your
              child and a copy of it in a file you can download.
            </li>
            <li>
              <strong>Correct:</strong> fix or complete the details. Most can be changed on the Profile page
              at any time.
            </li>
            <li>
              <strong>Erase:</strong> ask us to delete the account and its personal data. You can also
              withdraw your consent at any time; the account is then closed.
            </li>
            <li>
              <strong>Nominate:</strong> name someone who can use these rights for you if you are unable to.
            </li>
            <li>
              <strong>Complain:</strong> tell our grievance contact about any concern. We reply as soon as we
              can, and within the time the law sets. If you are not satisfied with our answer, you may
              complain to the Data Protection Board of India.
            </li>
          </ul>
        </section>

        <section aria-labelledby="privacy-contact">
          <h2 id="privacy-contact">Grievance contact</h2>
          <p>
            E-mail <a href={mailto}>{PRIVACY_CONTACT_EMAIL}</a> from the address the account uses, so that we
            can confirm the request is yours.
          </p>
        </section>

        <p className="link-row">
          <Link to="/">Back to QuizQuest</Link>
        </p>
      </article>
    </PublicLayout>
  );
}
