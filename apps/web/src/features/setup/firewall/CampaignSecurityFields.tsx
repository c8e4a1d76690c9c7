import { SECURITY_ACTIONS, type SecurityAction, type StoreDownPolicy } from '@veracity/contracts/firewall';
import { Dropdown, type DropdownOption } from '../../../components/Dropdown/Dropdown';
import { Input } from '../../../components/Input/Input';
import { RadioGroup } from '../../../components/RadioGroup/RadioGroup';
import styles from './Firewall.module.css';

export interface SecurityDraft {
  low: SecurityAction;
  medium: SecurityAction;
  high: SecurityAction;
  safePageUrl: string;
  whenStoreDown: StoreDownPolicy;
}

const ACTION_LABELS: Record<SecurityAction, string> = {
  deliver: 'Deliver',
  pause: 'Pause',
  block: 'Block',
};
const ACTION_OPTIONS: DropdownOption<SecurityAction>[] = SECURITY_ACTIONS.map((action) => ({
  value: action,
  label: ACTION_LABELS[action],
}));

/** The tiers of the detection verdict (spec 02 §3 hit security levels), in the spec's words. */
const TIERS = [
  { key: 'low', label: 'Legitimate' },
  { key: 'medium', label: 'Suspicious' },
  { key: 'high', label: 'Invalid' },
] as const;

const STORE_DOWN_OPTIONS = [
  {
    value: 'fail_open',
    label: 'Fail open',
    description: 'Deliver the click to the offer when a store does not answer.',
  },
  {
    value: 'fail_closed',
    label: 'Fail closed',
    description: 'Send the click to the safe page when a store does not answer.',
  },
];

/**
 * A campaign's security settings (docs/integrations/firewall.md): the action per risk tier, the safe
 * page and the store-down policy. Locked, with the reason, without campaign_edit_security.
 */
export function CampaignSecurityFields({
  security,
  onChange,
  safePageError,
  safePageTouched,
  onSafePageBlur,
  lockedReason,
}: {
  security: SecurityDraft;
  onChange: (security: SecurityDraft) => void;
  safePageError?: string;
  safePageTouched?: boolean;
  onSafePageBlur: () => void;
  lockedReason: string | null;
}) {
  const locked = lockedReason !== null;
  return (
    <fieldset className={styles.fieldset} disabled={locked} data-testid="campaign-form-security">
      <legend>Security</legend>
      <p className={styles.fieldNote}>
        {locked ? lockedReason : 'What happens to each click, by the verdict of the detection engine.'}
      </p>
      <div className={styles.tiers}>
        {TIERS.map((tier) => (
          <Dropdown
            key={tier.key}
            label={tier.label}
            options={ACTION_OPTIONS}
            value={security[tier.key]}
            onChange={(action) => onChange({ ...security, [tier.key]: action })}
            disabled={locked}
            width="100%"
          />
        ))}
      </div>
      <Input
        label="Safe page URL (optional)"
        value={security.safePageUrl}
        placeholder="https://www.example.com/"
        inputMode="url"
        disabled={locked}
        onChange={(event) => onChange({ ...security, safePageUrl: event.target.value })}
        onBlur={onSafePageBlur}
        touched={safePageTouched}
        error={safePageError}
        hint="Where paused and blocked visitors are sent; without it they get an empty page."
        data-testid="campaign-form-safe-page"
      />
      <RadioGroup
        label="When a store is down"
        options={STORE_DOWN_OPTIONS}
        value={security.whenStoreDown}
        onChange={(value) => onChange({ ...security, whenStoreDown: value as StoreDownPolicy })}
        disabled={locked}
      />
    </fieldset>
  );
}
