import type { CSSProperties } from 'react';
import type { TooltipRenderProps } from 'react-joyride';

/** Shown on the first step, where there is nothing to go back to: greyed out, not just paler. */
const backDisabled: CSSProperties = {
  color: '#4b5563',
  background: '#f3f4f6',
  border: '2px dashed #6b7280',
  cursor: 'not-allowed',
};

/**
 * The tour's tooltip. react-joyride's own one leaves Back out on the first step and Skip out on
 * the last; spec §4 gives the tour Next, Back and Skip buttons, so every step shows all three in
 * the same places: Back is disabled on the first step, Skip stays on the last (next to Finish),
 * so a learner can always leave the tour the same way.
 */
export function TourTooltip({
  backProps,
  closeProps,
  index,
  isLastStep,
  primaryProps,
  skipProps,
  step,
  tooltipProps,
}: TooltipRenderProps) {
  const { content, locale, styles } = step;
  const first = index === 0;
  return (
    <div
      className="react-joyride__tooltip"
      data-joyride-step={index}
      style={styles.tooltip}
      {...tooltipProps}
      aria-label={typeof content === 'string' ? content : undefined}
      aria-describedby="joyride-tooltip-content"
    >
      <div style={styles.tooltipContainer}>
        <div id="joyride-tooltip-content" style={styles.tooltipContent}>
          {content}
        </div>
      </div>
      <div style={{ ...styles.tooltipFooter, flexWrap: 'wrap', gap: 8 }}>
        <div style={styles.tooltipFooterSpacer}>
          <button type="button" data-testid="button-skip" style={styles.buttonSkip} {...skipProps}>
            {locale.skip}
          </button>
        </div>
        <button
          type="button"
          data-testid="button-back"
          style={first ? { ...styles.buttonBack, ...backDisabled } : styles.buttonBack}
          {...backProps}
          disabled={first}
        >
          {locale.back}
        </button>
        <button type="button" data-testid="button-primary" style={styles.buttonPrimary} {...primaryProps}>
          {isLastStep ? locale.last : locale.next}
        </button>
      </div>
      <button
        type="button"
        data-testid="button-close"
        style={{ ...styles.buttonClose, width: undefined, height: undefined, fontSize: 24, lineHeight: 1 }}
        {...closeProps}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
