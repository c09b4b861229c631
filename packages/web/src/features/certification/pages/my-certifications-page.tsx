import { useEffect, useState } from 'react';
import { currentLevel, LEVELS, type CertificationRecord, type Level, type SubLevel } from '@quizquest/shared';
import { useParentPin } from '../../../components/parent-pin-dialog.tsx';
import { currentLanguage } from '../../../i18n/i18n.ts';
import { Message } from '../../../i18n/message.tsx';
import { useText } from '../../../i18n/use-text.ts';
import { isAbort } from '../../../lib/api-client.ts';
import { learnerName } from '../../../lib/learners.ts';
import { openPdf } from '../../../lib/open-pdf.ts';
import { useAuth } from '../../../lib/session.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { certificatePath, fetchMyCertifications } from '../api.ts';
import { CredentialDialog } from '../components/credential-dialog.tsx';
import { formatCertificateDate } from '../dates.ts';

type Loaded =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'ready'; earned: Map<string, CertificationRecord>; completed: Set<number> };

/**
 * Spec §2 My Certifications: levels 1 to 10, each collapsible, with Expand All / Collapse All;
 * sub-level cards Earned or Locked; a complete level has the 'Completed' badge and its
 * certificate download, the others a locked download. Beside a certificate's download, its
 * signed Open Badges credential (issue 21): the name in it only if chosen, behind the parent PIN.
 */
export function MyCertificationsPage() {
  const t = useText();
  useDocumentTitle(t('certification.myCertifications.documentTitle'));
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [reloads, setReloads] = useState(0);
  /** Levels the learner opened or closed; the others follow the default (the level being climbed is open). */
  const [toggled, setToggled] = useState<Record<number, boolean>>({});
  const { user } = useAuth();
  /** The level whose credential dialog is open. */
  const [credentialLevel, setCredentialLevel] = useState<number | null>(null);
  /** What the last credential download saved, said beside that level's buttons. */
  const [saved, setSaved] = useState<{ level: number; fileName: string } | null>(null);
  const { withParentPin, pinDialog } = useParentPin();

  useEffect(() => {
    const controller = new AbortController();
    setLoaded({ state: 'loading' });
    fetchMyCertifications({ signal: controller.signal }).then(
      (body) =>
        setLoaded({
          state: 'ready',
          earned: new Map(body.certifications.map((record) => [record.certId, record])),
          completed: new Set(body.completedLevels),
        }),
      (error: unknown) => {
        if (!isAbort(error)) setLoaded({ state: 'failed' });
      },
    );
    return () => controller.abort();
  }, [reloads]);

  const setAll = (open: boolean) => setToggled(Object.fromEntries(LEVELS.map((level) => [level.id, open])));

  return (
    <div className="page">
      <div className="page-header">
        <h1>{t('certification.myCertifications.title')}</h1>
        <p className="muted">{t('certification.myCertifications.subtitle')}</p>
      </div>
      {loaded.state === 'loading' ? (
        <p role="status" className="list-message">
          {t('certification.myCertifications.loading')}
        </p>
      ) : loaded.state === 'failed' ? (
        <div className="list-message">
          <p role="alert" className="form-error">
            {t('certification.myCertifications.loadFailed')}
          </p>
          <button type="button" className="button button-secondary" onClick={() => setReloads((n) => n + 1)}>
            {t('certification.myCertifications.tryAgain')}
          </button>
        </div>
      ) : (
        <>
          <div className="actions cert-levels-actions">
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={() => setAll(true)}
            >
              {t('certification.myCertifications.expandAll')}
            </button>
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={() => setAll(false)}
            >
              {t('certification.myCertifications.collapseAll')}
            </button>
          </div>
          <div className="cert-levels">
            {LEVELS.map((level) => (
              <LevelSection
                key={level.id}
                level={level}
                earned={loaded.earned}
                complete={loaded.completed.has(level.id)}
                open={toggled[level.id] ?? level.id === currentLevel(new Set(loaded.earned.keys()))}
                onToggle={(open) => setToggled((current) => ({ ...current, [level.id]: open }))}
                savedFile={saved?.level === level.id ? saved.fileName : null}
                onCredential={() => {
                  setSaved(null);
                  setCredentialLevel(level.id);
                }}
              />
            ))}
          </div>
        </>
      )}
      {credentialLevel !== null ? (
        <CredentialDialog
          level={credentialLevel}
          learnerName={user ? learnerName(user) : ''}
          withParentPin={withParentPin}
          onSaved={(fileName) => {
            setSaved({ level: credentialLevel, fileName });
            setCredentialLevel(null);
          }}
          onCancel={() => setCredentialLevel(null)}
        />
      ) : null}
      {pinDialog}
    </div>
  );
}

/** A sub-level's themed name in the language shown (the catalogue's Hindi name when there is one). */
function subLevelName(subLevel: SubLevel): string {
  return currentLanguage() === 'hi' ? (subLevel.hindiName ?? subLevel.name) : subLevel.name;
}

function LevelSection(props: {
  level: Level;
  earned: Map<string, CertificationRecord>;
  complete: boolean;
  open: boolean;
  onToggle: (open: boolean) => void;
  /** The file the level's credential was just saved as, else null. */
  savedFile: string | null;
  onCredential: () => void;
}) {
  const { level, earned, complete, open, savedFile } = props;
  const t = useText();
  const levelName = t('certification.myCertifications.levelName', { level: level.id });
  const panelId = `cert-level-${level.id}`;
  const hintId = `cert-level-${level.id}-hint`;
  const earnedCount = level.subLevels.filter((subLevel) => earned.has(subLevel.id)).length;
  return (
    <section className="cert-level">
      <h2 className="cert-level-heading">
        <button
          type="button"
          className="cert-level-toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => props.onToggle(!open)}
        >
          <span>{levelName}</span>{' '}
          <span className="cert-level-count">
            {t('certification.myCertifications.earnedCount', {
              earned: earnedCount,
              total: level.subLevels.length,
            })}
          </span>{' '}
          {complete ? (
            <span className="badge badge-success">{t('certification.myCertifications.completed')}</span>
          ) : null}
          <span className="cert-level-chevron" aria-hidden="true">
            {open ? '▲' : '▼'}
          </span>
        </button>
      </h2>
      <div id={panelId} className="cert-level-panel" hidden={!open}>
        <div className="cert-level-download">
          {complete ? (
            <>
              <button
                type="button"
                className="button"
                onClick={() =>
                  void openPdf(certificatePath(level.id), `quizquest-level-${level.id}-certificate.pdf`)
                }
              >
                {t('certification.myCertifications.download')}
              </button>
              <button type="button" className="button button-secondary" onClick={props.onCredential}>
                {t('certification.myCertifications.downloadCredential')}
              </button>
              <p className="field-hint cert-credential-saved" role="status">
                {savedFile ? t('certification.myCertifications.credentialSaved', { file: savedFile }) : ''}
              </p>
            </>
          ) : (
            <>
              <button type="button" className="button" disabled aria-describedby={hintId}>
                {t('certification.myCertifications.downloadLocked')}
              </button>
              <p id={hintId} className="muted">
                {t('certification.myCertifications.lockedHint', {
                  count: level.subLevels.length,
                  level: levelName,
                })}
              </p>
            </>
          )}
        </div>
        <ul className="cert-cards">
          {level.subLevels.map((subLevel) => {
            const record = earned.get(subLevel.id);
            return (
              <li key={subLevel.id} className={record ? 'cert-card cert-card-earned' : 'cert-card'}>
                <h3 className="cert-card-title">{subLevelName(subLevel)}</h3>
                <p className="muted cert-card-id">{subLevel.id}</p>
                {record ? (
                  <p className="cert-card-status">
                    <Message
                      id="certification.myCertifications.earnedOn"
                      values={{ date: formatCertificateDate(record.earnedAt) }}
                      components={{
                        0: <span aria-hidden="true" />,
                        1: <span className="muted cert-card-date" />,
                      }}
                    />
                  </p>
                ) : (
                  <p className="cert-card-status cert-card-status-locked">
                    <Message
                      id="certification.myCertifications.locked"
                      components={{ 0: <span aria-hidden="true" /> }}
                    />
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
