import type { UseQueryResult } from '@tanstack/react-query';
import type { ExclusionEntry, ExclusionWidget, GoogleAdsCampaign } from '@veracity/contracts/google-ads';
import type { ReactNode } from 'react';
import { OverviewSection } from '../intelligence/overview/OverviewSection';
import { ExclusionFigures, type FigureTile, SECTION_TILES } from './ExclusionFigures';
import type { ChartLine } from './ExclusionsChart';
import { ExclusionsChart } from './ExclusionsChart';
import { ExclusionsTable } from './ExclusionsTable';
import type { LinkStatus } from './LinkStatusBanner';

/**
 * The cards every Google Ads section page is made of, each loading, failing and retrying on its own:
 * the key figures, the series chart and the exclusions table.
 */

type WidgetQuery = Pick<UseQueryResult<ExclusionWidget>, 'data' | 'error' | 'isError' | 'refetch'>;

const NO_TRAFFIC = {
  title: 'No visits of these campaigns in this period',
  text: 'Figures appear as the sensor sees visits from these Google Ads campaigns. Choose a longer date range to see earlier traffic.',
};

/** What a page without traffic in the period says (the channel's own words on other channels' pages). */
export interface NoTraffic {
  title: string;
  text: string;
}

export function FiguresCard({
  query,
  tiles = SECTION_TILES,
  testId = 'exclusion-figures',
  empty = NO_TRAFFIC,
}: {
  query: WidgetQuery;
  tiles?: readonly FigureTile[];
  testId?: string;
  empty?: NoTraffic;
}) {
  return (
    <OverviewSection
      title="Key figures"
      testId={testId}
      query={query}
      skeletonRows={2}
      isEmpty={(widget) => widget.totals.visits === 0 && widget.totals.exclusionEvents === 0}
      empty={empty}
    >
      {(widget) => <ExclusionFigures totals={widget.totals} tiles={tiles} />}
    </OverviewSection>
  );
}

export function SeriesCard({
  query,
  title,
  lines,
  testId = 'exclusion-series',
  empty = NO_TRAFFIC,
}: {
  query: WidgetQuery;
  title: string;
  lines: readonly ChartLine[];
  testId?: string;
  empty?: NoTraffic;
}) {
  return (
    <OverviewSection
      title={title}
      testId={testId}
      query={query}
      skeletonRows={6}
      isEmpty={(widget) => widget.series.every((point) => lines.every((line) => point[line.key] === 0))}
      empty={{ title: 'Nothing to draw in this period', text: empty.text }}
    >
      {(widget) => <ExclusionsChart series={widget.series} lines={lines} label={title} />}
    </OverviewSection>
  );
}

const NO_EXCLUSIONS: Record<LinkStatus, { title: string; text: ReactNode }> = {
  linked: {
    title: 'No exclusion in this period',
    text: 'Exclusions appear when invalid visits come from the linked campaigns.',
  },
  notLinked: {
    title: 'No exclusion yet',
    text: 'Link Google Ads: invalid IPs of your campaigns are then excluded and listed here.',
  },
  reconnect: {
    title: 'No exclusion in this period',
    text: 'Reconnect Google Ads to resume the exclusions.',
  },
  noActiveAccount: {
    title: 'No exclusion yet',
    text: 'Choose the Google Ads accounts to protect: their exclusions are listed here.',
  },
};

export function ExclusionsCard({
  query,
  campaigns,
  status,
}: {
  query: Pick<UseQueryResult<readonly ExclusionEntry[]>, 'data' | 'error' | 'isError' | 'refetch'>;
  campaigns: readonly GoogleAdsCampaign[];
  status: LinkStatus | undefined;
}) {
  return (
    <OverviewSection
      title="Exclusions"
      testId="exclusions"
      query={query}
      isEmpty={(entries) => entries.length === 0}
      empty={NO_EXCLUSIONS[status ?? 'linked']}
    >
      {(entries) => <ExclusionsTable entries={entries} campaigns={campaigns} label="Exclusions" />}
    </OverviewSection>
  );
}
