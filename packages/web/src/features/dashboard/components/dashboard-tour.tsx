import { useEffect, useMemo, useState } from 'react';
import { EVENTS, Joyride, STATUS, type EventData, type Step } from 'react-joyride';
import { useText } from '../../../i18n/use-text.ts';
import { TOUR_STEPS } from '../tour.ts';
import { TourTooltip } from './tour-tooltip.tsx';

const SIDEBAR = '[data-tour="sidebar"]';
const MENU_TOGGLE = 'button[aria-controls="sidebar"]';

const buttonSize = { minHeight: 44, padding: '10px 16px', fontSize: 16, fontWeight: 700 };

/**
 * On a narrow screen the sidebar is folded behind the menu button, and six of the eight steps
 * point into it: the tour unfolds it through that button, as the learner would, and folds it
 * again when the tour ends. A step whose target is still hidden (the learner closed the menu) is
 * passed over by the library after a short wait, so the tour never gets stuck.
 */
function useSidebarUnfolded(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const sidebar = document.querySelector<HTMLElement>(SIDEBAR);
    const toggle = document.querySelector<HTMLButtonElement>(MENU_TOGGLE);
    let unfolded = false;
    if (sidebar && toggle && getComputedStyle(sidebar).display === 'none') {
      toggle.click();
      unfolded = true;
    }
    setReady(true);
    return () => {
      if (unfolded && toggle?.isConnected && toggle.getAttribute('aria-expanded') === 'true') toggle.click();
    };
  }, []);
  return ready;
}

/** The guided tour of spec §4: 8 steps, continuous, Next / Back / Skip on every step (TourTooltip). */
export default function DashboardTour({ onEnd }: { onEnd: () => void }) {
  const ready = useSidebarUnfolded();
  const t = useText();
  // New steps only when the language changes: the tour keeps its place.
  const steps = useMemo<Step[]>(
    () =>
      TOUR_STEPS.map((step) => ({
        target: `[data-tour="${step.target}"]`,
        content: t(step.content),
        placement: 'auto',
      })),
    [t],
  );

  const onEvent = (data: EventData) => {
    if (data.type === EVENTS.TOUR_END || data.status === STATUS.FINISHED || data.status === STATUS.SKIPPED) {
      onEnd();
    }
  };

  return (
    <Joyride
      run={ready}
      continuous
      steps={steps}
      onEvent={onEvent}
      tooltipComponent={TourTooltip}
      locale={{
        back: t('dashboard.tour.back'),
        next: t('dashboard.tour.next'),
        skip: t('dashboard.tour.skip'),
        last: t('dashboard.tour.finish'),
        close: t('dashboard.tour.close'),
      }}
      options={{
        buttons: ['back', 'close', 'primary', 'skip'],
        closeButtonAction: 'skip',
        overlayClickAction: false,
        skipBeacon: true,
        primaryColor: '#1d4ed8',
        textColor: '#1f2937',
        zIndex: 1000,
        width: 'min(24rem, calc(100vw - 2rem))',
      }}
      styles={{
        // The tooltip shows at once instead of fading in over 0.3 s: while it fades, its buttons
        // are half transparent and fail the contrast an accessibility check (axe) measures.
        floater: { transition: 'none' },
        buttonPrimary: { ...buttonSize, borderRadius: 999 },
        buttonBack: buttonSize,
        buttonSkip: { ...buttonSize, textDecoration: 'underline' },
        buttonClose: { minHeight: 44, minWidth: 44 },
        tooltipContent: { fontSize: 17, lineHeight: 1.5, textAlign: 'left' },
      }}
    />
  );
}
