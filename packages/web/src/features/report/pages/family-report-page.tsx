import { useEffect, useState } from 'react';
import type { FamilyReportResponse } from '@quizquest/shared';
import { isPinCancelled, useParentPin } from '../../../components/parent-pin-dialog.tsx';
import { formatDate } from '../../../i18n/format.ts';
import { msg } from '../../../i18n/i18n.ts';
import { useText } from '../../../i18n/use-text.ts';
import { errorMessage, isAbort } from '../../../lib/api-client.ts';
import { needsParentPin } from '../../../lib/parent-pin.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { fetchFamilyReport } from '../api.ts';
import { FIRST_REPORT_DAYS, type ReportDays } from '../api-paths.ts';
import { LearnerReportCard } from '../components/learner-report-card.tsx';
import '../report.css';

type Loaded =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'pin-required' }
  | { state: 'ready'; report: FamilyReportResponse };

const WINDOWS: readonly { days: ReportDays; label: string }[] = [
  { days: 7, label: msg('report.page.last7') },
  { days: 30, label: msg('report.page.last30') },
];

/** The last moment of the window: `to` is exclusive, so the day shown is the one before it. */
function lastDay(to: string): Date {
  return new Date(new Date(to).getTime() - 1);
}

/**
 * The parent's family report (issue 19, decision 035): every child of the account over the last
 * 7 or 30 days, one card each. When the server asks for the parent PIN, the PIN dialog asks for
 * it and the report loads once it is verified; closing the dialog leaves a way to ask again.
 */
export function FamilyReportPage() {
  const t = useText();
  useDocumentTitle(t('report.page.documentTitle'));
  const [days, setDays] = useState<ReportDays>(FIRST_REPORT_DAYS);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [reloads, setReloads] = useState(0);
  const { withParentPin, pinDialog } = useParentPin();

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    setLoaded({ state: 'loading' });
    withParentPin(() => fetchFamilyReport(days, { signal }), { signal }).then(
      (report) => setLoaded({ state: 'ready', report }),
      (error: unknown) => {
        if (isAbort(error)) return;
        if (isPinCancelled(error) || needsParentPin(error)) {
          setLoaded({ state: 'pin-required' });
          return;
        }
        setLoaded({ state: 'failed', message: errorMessage(error, t('report.page.loadFailed')) });
      },
    );
    return () => controller.abort();
    // `t` is left out: a change of language shows the same report, it does not load it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [days, reloads, withParentPin]);

  const retry = () => setReloads((count) => count + 1);

  return (
    <div className="page report-page">
      <div className="page-header">
        <h1>{t('report.page.title')}</h1>
        <p className="muted">{t('report.page.subtitle')}</p>
      </div>
      <div role="group" aria-label={t('report.page.windowLabel')} className="report-window-switch">
        {WINDOWS.map((option) => (
          <button
            key={option.days}
            type="button"
            className="report-window-option"
            aria-pressed={days === option.days}
            onClick={() => setDays(option.days)}
          >
            {t(option.label)}
          </button>
        ))}
      </div>
      {loaded.state === 'loading' ? (
        <p role="status" className="list-message">
          {t('report.page.loading')}
        </p>
      ) : loaded.state === 'failed' ? (
        <div className="list-message">
          <p role="alert" className="form-error">
            {loaded.message}
          </p>
          <button type="button" className="button button-secondary" onClick={retry}>
            {t('report.page.tryAgain')}
          </button>
        </div>
      ) : loaded.state === 'pin-required' ? (
        <div className="list-message">
          <p>{t('report.page.pinRequired')}</p>
          <button type="button" className="button" onClick={retry}>
            {t('report.page.enterPin')}
          </button>
        </div>
      ) : (
        <ReportBody report={loaded.report} />
      )}
      {pinDialog}
    </div>
  );
}

function ReportBody({ report }: { report: FamilyReportResponse }) {
  const t = useText();
  return (
    <>
      <p className="report-window-dates">
        {t('report.page.window', {
          from: formatDate(report.from, 'long'),
          to: formatDate(lastDay(report.to), 'long'),
        })}
      </p>
      {report.learners.length === 0 ? (
        <p className="list-message">{t('report.page.noLearners')}</p>
      ) : (
        <ul className="report-cards">
          {report.learners.map((learner) => (
            <li key={learner.id}>
              <LearnerReportCard report={learner} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
