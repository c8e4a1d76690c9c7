import { isViewVisible } from '@veracity/contracts/plans';
import type { ViewId } from '@veracity/contracts/views';
import type { ReactNode } from 'react';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import layout from '../../components/PageLayout/PageLayout.module.css';
import { Upsell, type UpsellProps } from '../../components/Upsell/Upsell';
import { COMPARED_PLANS } from '../account/plan-catalogue';
import { useMe } from './session.api';

/** The first self-service plan that shows the view, by name ("Pro"), or null when none does. */
export function firstPlanWithView(view: ViewId): string | null {
  return COMPARED_PLANS.find((entry) => isViewVisible(view, entry.plan, []))?.name ?? null;
}

interface UpsellGateProps {
  view: ViewId;
  /** The page's title and eyebrow, kept above the upsell. */
  title: string;
  eyebrow?: string;
  upsell: Pick<UpsellProps, 'title' | 'summary' | 'benefits'>;
  /** Shown under the upsell: a preview of what the screen would show, never invented figures. */
  preview?: ReactNode;
  children: ReactNode;
}

/**
 * A screen that a plan without its view sees as an upsell (spec 02 §3 upsell flags) rather than a
 * redirect: the route declares `upsell: true` so the guard lets self-service plans in, and this shows
 * what the plan would get. The server still refuses the screen's calls.
 */
export function UpsellGate({ view, title, eyebrow, upsell, preview, children }: UpsellGateProps) {
  const me = useMe();
  if (!me.data || me.data.visibleViews.includes(view)) return children;
  return (
    <div className={layout.page} data-testid="upsell-page">
      <PageHeader title={title} eyebrow={eyebrow} />
      <Upsell {...upsell} planName={firstPlanWithView(view)} testId={`upsell-${view}`} />
      {preview}
    </div>
  );
}
