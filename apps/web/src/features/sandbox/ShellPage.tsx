import { useState } from 'react';
import { useParams } from 'react-router';
import { Card } from '../../components/Card/Card';
import { Dropdown } from '../../components/Dropdown/Dropdown';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { AppShell } from '../shell/AppShell';
import { NAVIGATION_ITEMS, navigationGroups } from '../shell/navigation-items';
import styles from './ShellPage.module.css';

/** The shell demo lives under /sandbox/shell, so every rail entry points inside the demo. */
const DEMO_BASE = '/sandbox/shell';
const DEMO_ITEMS = NAVIGATION_ITEMS.map((item) => ({ ...item, path: `${DEMO_BASE}${item.path}` }));

const DATE_RANGES = [
  { value: 'today', label: 'Today' },
  { value: 'yesterday', label: 'Yesterday' },
  { value: 'last7', label: 'Last 7 days' },
  { value: 'last6today', label: 'Last 6 days & Today' },
  { value: 'last14', label: 'Last 14 days' },
  { value: 'last30', label: 'Last 30 days' },
] as const;
type DateRange = (typeof DATE_RANGES)[number]['value'];

const ACCOUNTS = [
  { value: 'acme', label: 'ACME RETAIL' },
  { value: 'north', label: 'NORTHWIND MEDIA' },
] as const;

const FIGURES = [
  { label: 'Sessions', value: '1,204,118', change: '+4.2%', meaning: 'neutral' },
  { label: 'Invalid traffic', value: '12.40%', change: '+1.10 pp', meaning: 'worse' },
  { label: 'Suspicious traffic', value: '6.05%', change: '−0.40 pp', meaning: 'better' },
  { label: 'Savings', value: '€ 3,410', change: '+€ 220', meaning: 'better' },
] as const;

function AccountSwitcher() {
  const [account, setAccount] = useState<(typeof ACCOUNTS)[number]['value']>('acme');
  return (
    <Dropdown aria-label="Account" width="100%" options={ACCOUNTS} value={account} onChange={setAccount} />
  );
}

function UserMenu() {
  return (
    <div className={styles.user}>
      <span className={styles.avatar} aria-hidden="true">
        JD
      </span>
      <span className={styles.userText}>
        <span className={styles.userName}>Jane Doe</span>
        <span className={styles.userRole}>Account admin</span>
      </span>
    </div>
  );
}

function DemoScreen() {
  const params = useParams();
  const path = `/${params['*'] ?? ''}`;
  const item = NAVIGATION_ITEMS.find((candidate) => candidate.path === path) ?? NAVIGATION_ITEMS[0];
  const [range, setRange] = useState<DateRange>('last6today');
  return (
    <>
      <PageHeader
        eyebrow={item?.section}
        title={item?.label ?? 'Overview'}
        dateRange={
          <Dropdown
            aria-label="Date range"
            width={190}
            options={DATE_RANGES}
            value={range}
            onChange={setRange}
          />
        }
      />
      <div className={styles.figures} data-testid="shell-demo-figures">
        {FIGURES.map((figure) => (
          <Card key={figure.label}>
            <p className={styles.figureLabel}>{figure.label}</p>
            <p className={styles.figureValue}>{figure.value}</p>
            <p className={styles.figureChange} data-meaning={figure.meaning}>
              {figure.change} vs previous period
            </p>
          </Card>
        ))}
      </div>
      <Card title="What this page shows">
        <p className={styles.note}>
          A preview of the frame of private screens. The <code>{item?.view}</code> view arrives with its
          feature; the rail of the real dashboard lists a screen only once its route exists.
        </p>
      </Card>
    </>
  );
}

export function ShellPage() {
  return (
    <div data-testid="sandbox-shell">
      <AppShell
        groups={navigationGroups(DEMO_ITEMS, 'all')}
        homePath={`${DEMO_BASE}/intelligence/overview`}
        accountSwitcher={<AccountSwitcher />}
        userMenu={<UserMenu />}
      >
        <DemoScreen />
      </AppShell>
    </div>
  );
}
