import { Link } from 'react-router';
import { PublicLayout } from '../../../components/public-layout.tsx';
import { Message } from '../../../i18n/message.tsx';
import { useText } from '../../../i18n/use-text.ts';
import { PRIVACY_CONTACT_EMAIL } from '../../../lib/config.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

const strong = <strong />;

/** The privacy notice a parent agrees to at sign-up (India's Digital Personal Data Protection Act, 2023). */
export function PrivacyPage() {
  const t = useText();
  useDocumentTitle(t('privacy.page.documentTitle'));
  const mailto = `mailto:${PRIVACY_CONTACT_EMAIL}`;

  return (
    <PublicLayout wide>
      <article className="card prose">
        <h1>{t('privacy.page.title')}</h1>
        <p className="subtitle">{t('privacy.page.intro')}</p>

        <section aria-labelledby="privacy-what">
          <h2 id="privacy-what">{t('privacy.what.title')}</h2>
          <ul>
            <li>{t('privacy.what.names')}</li>
            <li>{t('privacy.what.password')}</li>
            <li>{t('privacy.what.profile')}</li>
            <li>{t('privacy.what.attempts')}</li>
            <li>{t('privacy.what.consent')}</li>
            <li>{t('privacy.what.plan')}</li>
            <li>{t('privacy.what.safety')}</li>
          </ul>
          <p>{t('privacy.what.browser')}</p>
        </section>

        <section aria-labelledby="privacy-why">
          <h2 id="privacy-why">{t('privacy.why.title')}</h2>
          <ul>
            <li>{t('privacy.why.service')}</li>
            <li>{t('privacy.why.emails')}</li>
            <li>{t('privacy.why.plan')}</li>
            <li>{t('privacy.why.protect')}</li>
          </ul>
          <p>{t('privacy.why.neverSell')}</p>
        </section>

        <section aria-labelledby="privacy-how-long">
          <h2 id="privacy-how-long">{t('privacy.howLong.title')}</h2>
          <ul>
            <li>
              <Message id="privacy.howLong.account" components={{ 0: strong }} />
            </li>
            <li>
              <Message id="privacy.howLong.attempts" components={{ 0: strong }} />
            </li>
            <li>
              <Message id="privacy.howLong.certifications" components={{ 0: strong }} />
            </li>
            <li>
              <Message id="privacy.howLong.plans" components={{ 0: strong }} />
            </li>
            <li>
              <Message id="privacy.howLong.payments" components={{ 0: strong }} />
            </li>
            <li>
              <Message id="privacy.howLong.emailLinks" components={{ 0: strong }} />
            </li>
            <li>
              <Message id="privacy.howLong.safety" components={{ 0: strong }} />
            </li>
            <li>
              <Message id="privacy.howLong.browser" components={{ 0: strong }} />
            </li>
          </ul>
        </section>

        <section aria-labelledby="privacy-who">
          <h2 id="privacy-who">{t('privacy.who.title')}</h2>
          <ul>
            <li>{t('privacy.who.you')}</li>
            <li>{t('privacy.who.admins')}</li>
            <li>{t('privacy.who.certificate')}</li>
            <li>{t('privacy.who.providers')}</li>
          </ul>
        </section>

        <section aria-labelledby="privacy-trackers">
          <h2 id="privacy-trackers">{t('privacy.trackers.title')}</h2>
          <p>{t('privacy.trackers.text')}</p>
        </section>

        <section aria-labelledby="privacy-rights">
          <h2 id="privacy-rights">{t('privacy.rights.title')}</h2>
          <p>{t('privacy.rights.intro')}</p>
          <ul>
            <li>
              <Message id="privacy.rights.access" components={{ 0: strong, 1: strong }} />
            </li>
            <li>
              <Message id="privacy.rights.correct" components={{ 0: strong }} />
            </li>
            <li>
              <Message id="privacy.rights.erase" components={{ 0: strong, 1: strong }} />
            </li>
            <li>
              <Message id="privacy.rights.nominate" components={{ 0: strong }} />
            </li>
            <li>
              <Message id="privacy.rights.complain" components={{ 0: strong }} />
            </li>
          </ul>
        </section>

        <section aria-labelledby="privacy-contact">
          <h2 id="privacy-contact">{t('privacy.contact.title')}</h2>
          <p>
            <Message
              id="privacy.contact.text"
              values={{ email: PRIVACY_CONTACT_EMAIL }}
              components={{ 0: <a href={mailto} /> }}
            />
          </p>
        </section>

        <p className="link-row">
          <Link to="/">{t('privacy.page.back')}</Link>
        </p>
      </article>
    </PublicLayout>
  );
}
