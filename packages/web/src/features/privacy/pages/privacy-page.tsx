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
              made on the payment provider&apos;s page; we never see card, UPI or bank details. The provider
              sends us a message about each payment (amount, payment reference, and the e-mail and phone
              number given when paying), which we keep.
            </li>
            <li>
              Short-lived safety records: how many times someone tried to log in to an account or from a
              network address, and our server&apos;s technical log of requests (the page asked for and the
              network address, never passwords).
            </li>
          </ul>
          <p>
            To keep you signed in, the browser keeps a sign-in token and basic account details in its local
            storage. We do not use cookies for advertising or tracking.
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
            <li>
              To apply the plan you chose and its limits, and to keep the payment records the law asks for.
            </li>
            <li>To protect accounts from password guessing and the service from misuse.</li>
          </ul>
          <p>
            We never sell personal data, and we do not track or profile children&apos;s behaviour for
            advertising.
          </p>
        </section>

        <section aria-labelledby="privacy-how-long">
          <h2 id="privacy-how-long">How long we keep it</h2>
          <ul>
            <li>
              <strong>Account, profile, picture and consent:</strong> for as long as the account exists. They
              are deleted at once when you delete the account.
            </li>
            <li>
              <strong>Quiz attempts:</strong> for as long as the account exists. When the account is deleted,
              the link to the learner is removed: only anonymous numbers stay (which quiz, the answers, the
              score and the time, with no name or e-mail), so that we can see how hard each quiz is.
            </li>
            <li>
              <strong>Certifications and certificates:</strong> for as long as the account exists. When the
              account is deleted they are deleted too, and a certificate&apos;s verification code stops
              working.
            </li>
            <li>
              <strong>Plans:</strong> the history of plans is kept for as long as the account exists and
              deleted with it.
            </li>
            <li>
              <strong>Payment records:</strong> the amount, date and payment reference are kept for as long as
              accounting and tax law requires (up to 8 years). When the account is deleted, the e-mail, phone
              number and name in them are removed.
            </li>
            <li>
              <strong>E-mail links:</strong> a link to verify the e-mail address works for 24 hours, a link to
              reset the password for 1 hour.
            </li>
            <li>
              <strong>Safety records:</strong> counts of login attempts are forgotten after at most one hour;
              the server&apos;s technical log is deleted after at most 30 days.
            </li>
            <li>
              <strong>In the browser:</strong> the sign-in token and account details stay until you log out or
              the sign-in expires (after 7 days).
            </li>
          </ul>
        </section>

        <section aria-labelledby="privacy-who">
          <h2 id="privacy-who">Who can see it</h2>
          <ul>
            <li>You and the learner, when signed in to the account.</li>
            <li>
              QuizQuest&apos;s administrators, who see a learner&apos;s name, e-mail, grade, plan, quiz scores
              and certifications to run the service, answer your questions and turn on a plan you paid for.
            </li>
            <li>
              Anyone you show a certificate to: its verification page shows only the learner&apos;s first
              name, the level and the date.
            </li>
            <li>
              The payment provider, for payments you make on its page, and the e-mail service that delivers
              our e-mails.
            </li>
          </ul>
        </section>

        <section aria-labelledby="privacy-trackers">
          <h2 id="privacy-trackers">No trackers, no advertising</h2>
          <p>
            QuizQuest loads no third-party analytics, trackers, advertisements, fonts or scripts. Every page,
            picture and file comes from QuizQuest&apos;s own server, so no other company learns what your
            child does here.
          </p>
        </section>

        <section aria-labelledby="privacy-rights">
          <h2 id="privacy-rights">Your rights</h2>
          <p>
            Under India&apos;s Digital Personal Data Protection Act, 2023, you as the parent or guardian can:
          </p>
          <ul>
            <li>
              <strong>Access and download:</strong> get a copy of all the data we hold about your child as a
              file. Sign in and choose <strong>Download my data</strong> under Your data on the Profile page.
            </li>
            <li>
              <strong>Correct:</strong> fix or complete the details on the Profile page at any time. For
              anything you cannot change there, such as the e-mail address, write to us.
            </li>
            <li>
              <strong>Erase:</strong> delete the account and its personal data. Choose{' '}
              <strong>Delete account</strong> under Your data on the Profile page and type the password to
              confirm; it happens at once and cannot be undone. Deleting the account also withdraws your
              consent.
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
