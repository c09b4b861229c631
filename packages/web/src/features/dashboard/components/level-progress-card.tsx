import { Link } from 'react-router';
import { UPGRADE_TO_UNLOCK_MESSAGE, type CertificationProgress } from '@quizquest/shared';
import { Celebration } from '../../../components/celebration.tsx';
import { openPdf } from '../../../lib/open-pdf.ts';
import { levelCard, type SubLevelTile } from '../level-card.ts';

export const LOADING_PROGRESS_TEXT = 'Loading certification progress...';

function Tile({ tile }: { tile: SubLevelTile }) {
  const label = (
    <>
      <span className="tile-id">{tile.id}</span> <span className="tile-name">{tile.name}</span>{' '}
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
        <span className="tile-state">📘 Click to Start</span>
        <span className="visually-hidden"> (opens in a new tab)</span>
      </Link>
    );
  }
  return (
    <div className={`tile tile-${tile.state}`}>
      {label}
      <span className="tile-state">{tile.state === 'completed' ? '✅ Completed' : '🔒 Locked'}</span>
    </div>
  );
}

/** The certification progress card of spec §2 and §4 for the level the learner is climbing. */
export function LevelProgressCard({ progress }: { progress: CertificationProgress | null }) {
  if (!progress) {
    return (
      <section className="level-card" data-tour="certification-quizzes" aria-busy="true">
        <p role="status" className="muted">
          {LOADING_PROGRESS_TEXT}
        </p>
      </section>
    );
  }

  const card = levelCard(progress);
  const lockedMessage = progress.subscription_message || UPGRADE_TO_UNLOCK_MESSAGE;
  const upgradeLink = (
    <Link className="button" to="/subscribe">
      🔓 Upgrade Plan
    </Link>
  );

  return (
    <section className="level-card" data-tour="certification-quizzes" aria-labelledby="level-card-title">
      <div className="level-card-header">
        <h2 id="level-card-title">{card.levelName} Certification Progress</h2>
        <p className={`level-status ${card.locked ? 'level-status-locked' : 'level-status-open'}`}>
          {card.locked ? '🔒 Locked' : '✅ In Progress'}
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
          {card.completed} / {card.required} Certifications Completed
        </p>
      </div>

      {/* Spec §4: confetti when the level's count is complete; still, with reduced motion. */}
      {card.celebrate ? <Celebration /> : null}

      {card.complete ? (
        <div className="level-complete">
          <p className="level-complete-text">🎉 Congratulations! Level {card.level} Completed!</p>
          <button
            type="button"
            className="button"
            onClick={() =>
              void openPdf(`/certification/view?level=${card.level}`, `level-${card.level}-certificate.pdf`)
            }
          >
            🎓 View Level {card.level} Certificate
          </button>
        </div>
      ) : null}

      {card.nextLockedLevel ? (
        <div className="level-note">
          <p>
            Ready for Level {card.nextLockedLevel}? {lockedMessage}
          </p>
          {upgradeLink}
        </div>
      ) : null}

      <ul className="tile-grid" aria-label={`${card.levelName} sub-levels`}>
        {card.tiles.map((tile) => (
          <li key={tile.id}>
            <Tile tile={tile} />
          </li>
        ))}
      </ul>
    </section>
  );
}
