import { Link } from 'react-router';
import type { CertificationProgress } from '@quizquest/shared';
import { Celebration } from '../../../components/celebration.tsx';
import { currentLanguage } from '../../../i18n/i18n.ts';
import { useText } from '../../../i18n/use-text.ts';
import { SaveForOffline } from '../../../lib/offline/save-for-offline.tsx';
import { openPdf } from '../../../lib/open-pdf.ts';
import { levelCard, type SubLevelTile } from '../level-card.ts';

function Tile({ tile }: { tile: SubLevelTile }) {
  const t = useText();
  // The catalogue names every sub-level in Hindi too (issue 18); English is the fallback.
  const name = currentLanguage() === 'hi' ? (tile.hindiName ?? tile.name) : tile.name;
  const label = (
    <>
      <span className="tile-id">{tile.id}</span> <span className="tile-name">{name}</span>{' '}
    </>
  );
  if (tile.state === 'active' && tile.quizId) {
    return (
      <Link
        className="tile tile-active"
        to={`/quizzes/attempt/${tile.quizId}`}
        target="_blank"
        rel="noopener"
      >
        {label}
        <span className="tile-state">{t('dashboard.levelCard.tileStart')}</span>
        <span className="visually-hidden"> {t('dashboard.levelCard.opensInNewTab')}</span>
      </Link>
    );
  }
  return (
    <div className={`tile tile-${tile.state}`}>
      {label}
      <span className="tile-state">
        {tile.state === 'completed'
          ? t('dashboard.levelCard.tileCompleted')
          : t('dashboard.levelCard.tileLocked')}
      </span>
    </div>
  );
}

/**
 * The certification progress card of spec §2 and §4 for the level the learner is climbing.
 * `offline`: the progress could not be asked for (no connection), said beside spec §8's text.
 */
export function LevelProgressCard({
  progress,
  offline = false,
}: {
  progress: CertificationProgress | null;
  offline?: boolean;
}) {
  const t = useText();
  if (!progress) {
    return (
      <section className="level-card" data-tour="certification-quizzes" aria-busy={!offline}>
        <p role="status" className="muted">
          {t('dashboard.levelCard.loading')}
          {offline ? ` ${t('dashboard.levelCard.offline')}` : null}
        </p>
      </section>
    );
  }

  const card = levelCard(progress);
  // The quiz the active tile opens: it can be saved for offline (issue 20).
  const nextQuiz = card.tiles.some(
    (tile) => tile.state === 'active' && tile.quizId === progress.nextQuiz?._id,
  )
    ? progress.nextQuiz
    : null;
  // The plan's message comes from the server, in the learner's language.
  const lockedMessage = progress.subscription_message || t('dashboard.levelCard.upgradeToUnlock');
  const upgradeLink = (
    <Link className="button" to="/subscribe">
      {t('dashboard.levelCard.upgrade')}
    </Link>
  );

  return (
    <section className="level-card" data-tour="certification-quizzes" aria-labelledby="level-card-title">
      <div className="level-card-header">
        <h2 id="level-card-title">{t('dashboard.levelCard.title', { level: card.level })}</h2>
        <p className={`level-status ${card.locked ? 'level-status-locked' : 'level-status-open'}`}>
          {card.locked ? t('dashboard.levelCard.statusLocked') : t('dashboard.levelCard.statusInProgress')}
        </p>
      </div>

      {card.locked ? (
        <div className="level-note level-locked">
          <p>{lockedMessage}</p>
          {upgradeLink}
        </div>
      ) : null}

      <div className="level-progress">
        <div
          className="progress-track"
          role="progressbar"
          aria-labelledby="level-progress-text"
          aria-valuemin={0}
          aria-valuemax={card.required}
          aria-valuenow={card.completed}
        >
          <div className="progress-fill" style={{ width: `${card.percent}%` }} />
        </div>
        <p id="level-progress-text" className="level-progress-text">
          {t('dashboard.levelCard.progress', { completed: card.completed, required: card.required })}
        </p>
      </div>

      {/* Spec §4: confetti when the level's count is complete; still, with reduced motion. */}
      {card.celebrate ? <Celebration /> : null}

      {card.complete ? (
        <div className="level-complete">
          <p className="level-complete-text">
            {t('dashboard.levelCard.congratulations', { level: card.level })}
          </p>
          <button
            type="button"
            className="button"
            onClick={() =>
              void openPdf(`/certification/view?level=${card.level}`, `level-${card.level}-certificate.pdf`)
            }
          >
            {t('dashboard.levelCard.viewCertificate', { level: card.level })}
          </button>
        </div>
      ) : null}

      {card.nextLockedLevel ? (
        <div className="level-note">
          <p>
            {t('dashboard.levelCard.readyForNext', { level: card.nextLockedLevel, message: lockedMessage })}
          </p>
          {upgradeLink}
        </div>
      ) : null}

      <ul className="tile-grid" aria-label={t('dashboard.levelCard.subLevels', { level: card.level })}>
        {card.tiles.map((tile) => (
          <li key={tile.id}>
            <Tile tile={tile} />
          </li>
        ))}
      </ul>

      {nextQuiz ? (
        <div className="level-offline">
          <p id="next-quiz-title" className="muted">
            {t('dashboard.levelCard.nextQuiz', { title: nextQuiz.title })}
          </p>
          <SaveForOffline
            quizId={nextQuiz._id}
            title={nextQuiz.title}
            describedBy="next-quiz-title"
            compact
          />
        </div>
      ) : null}
    </section>
  );
}
