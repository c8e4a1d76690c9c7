import { BENCHMARK_MIN_ACCOUNTS, type Benchmark } from '@veracity/contracts/benchmark';
import { Card } from '../../../components/Card/Card';
import { DateRangePicker } from '../../../components/DateRangePicker/DateRangePicker';
import { PageHeader } from '../../../components/PageHeader/PageHeader';
import { EmptyState, LoadError, SkeletonRows } from '../../../components/PageStates/PageStates';
import { useAccountToday } from '../../session/use-account-today';
import { useSectionRange } from '../use-section-range';
import { BenchmarkChannels, rankText } from './BenchmarkChannels';
import { BenchmarkTrendChart, PercentileBandChart, shareText } from './BenchmarkCharts';
import { BenchmarkFilterBar } from './BenchmarkFilters';
import styles from './BenchmarkPage.module.css';
import { useBenchmark } from './benchmark.api';
import { useBenchmarkFilters } from './benchmark-filters';

export const TOO_FEW_ACCOUNTS_TITLE = 'Not enough accounts in this cell to compare anonymously';

/** The sentence that places the account among its industry. */
export function positionSentence(benchmark: Benchmark): string | null {
  const rank = benchmark.percentileRank;
  if (rank === null) return null;
  const peers = `${benchmark.vertical ?? 'comparable'} accounts`;
  if (Math.round(rank) === 50) return `Your invalid share is right at the middle of ${peers}.`;
  return rank > 50
    ? `More invalid traffic than about ${Math.round(rank)}% of ${peers} (${rankText(rank)} percentile).`
    : `Less invalid traffic than about ${Math.round(100 - rank)}% of ${peers} (${rankText(rank)} percentile).`;
}

function Headline({ benchmark }: { benchmark: Benchmark }) {
  const { own, industry } = benchmark;
  const sentence = positionSentence(benchmark);
  const worse = industry && own.invalidShare !== null && own.invalidShare > industry.p50;
  return (
    <div className={styles.headline} data-testid="benchmark-headline">
      <dl className={styles.figures}>
        <div className={styles.figure}>
          <dt>Your invalid share</dt>
          <dd className={worse ? styles.worse : undefined} data-testid="benchmark-own-share">
            {shareText(own.invalidShare)}
          </dd>
        </div>
        <div className={styles.figure}>
          <dt>Industry median</dt>
          <dd data-testid="benchmark-industry-median">{shareText(industry?.p50)}</dd>
        </div>
        <div className={styles.figure}>
          <dt>Your percentile</dt>
          <dd data-testid="benchmark-rank">{rankText(benchmark.percentileRank)}</dd>
        </div>
      </dl>
      {sentence ? (
        <p className={styles.sentence} data-testid="benchmark-sentence">
          {sentence}
        </p>
      ) : null}
      {industry ? (
        <p className={styles.caption}>
          Compared with up to {industry.accounts} anonymous {benchmark.vertical} accounts over {industry.days}{' '}
          {industry.days === 1 ? 'day' : 'days'}; higher percentiles mean more invalid traffic.
        </p>
      ) : null}
    </div>
  );
}

function TooFewAccounts({ benchmark }: { benchmark: Benchmark }) {
  return (
    <EmptyState title={TOO_FEW_ACCOUNTS_TITLE} testId="benchmark-empty">
      {benchmark.vertical === null
        ? 'Your account has no industry set, so there is nothing to compare it with. Ask support to set it.'
        : `Industry figures are shown only where at least ${BENCHMARK_MIN_ACCOUNTS} ${benchmark.vertical} accounts had visits, so that no single customer can be read from them. Widen the filters or the date range.`}
    </EmptyState>
  );
}

/**
 * The industry benchmark, /intelligence/benchmark (issue 39): the account's invalid share against
 * the anonymous accounts of its vertical, for the intelligence section's date range and the filters
 * kept in the session.
 */
export function BenchmarkPage() {
  const { today } = useAccountToday();
  const [range, setRange] = useSectionRange('intelligence', today);
  const [filters, setFilters] = useBenchmarkFilters();
  const query = useBenchmark(range ? { from: range.from, to: range.to, ...filters } : undefined);
  const data = query.data;

  return (
    <div className={styles.page} data-testid="benchmark-page">
      <PageHeader
        title="Benchmark"
        eyebrow="Intelligence"
        dateRange={
          today && range ? <DateRangePicker value={range} onChange={setRange} today={today} /> : null
        }
      />
      <BenchmarkFilterBar filters={filters} onChange={setFilters} />
      {query.isError ? (
        <Card>
          <LoadError error={query.error} onRetry={() => void query.refetch()} />
        </Card>
      ) : !data ? (
        <Card>
          <SkeletonRows rows={4} testId="benchmark-loading" />
        </Card>
      ) : (
        <>
          <Card title="Your invalid share against your industry">
            <Headline benchmark={data} />
            {data.industry ? (
              <PercentileBandChart industry={data.industry} own={data.own.invalidShare} />
            ) : (
              <TooFewAccounts benchmark={data} />
            )}
          </Card>
          {data.industry ? (
            <Card title={data.trendBucket === 'week' ? 'Weekly trend' : 'Daily trend'}>
              <BenchmarkTrendChart benchmark={data} />
            </Card>
          ) : null}
          <Card title="By channel" flush>
            {data.channels.length === 0 ? (
              <EmptyState title="No visits in this period" testId="benchmark-no-channels">
                Channels appear here once your account or your industry has visits for these filters.
              </EmptyState>
            ) : (
              <BenchmarkChannels channels={data.channels} selected={filters.trafficType} />
            )}
          </Card>
        </>
      )}
    </div>
  );
}
