import { googleCampaignTypeName } from '@veracity/contracts/analytics/reference/google-campaign-types';
import { GOOGLE_CAMPAIGN_TYPES_PICKER_VISIBLE } from '@veracity/contracts/google-ads';
import { Button } from '../../components/Button/Button';
import type { CampaignTypePick } from './exclusions.api';
import styles from './GoogleAdsPages.module.css';

/** The picker's address parameter: `types=SEARCH,DISPLAY`. */
export const CAMPAIGN_TYPES_PARAM = 'types';

const VISIBLE: readonly CampaignTypePick[] = GOOGLE_CAMPAIGN_TYPES_PICKER_VISIBLE;

/**
 * The chosen types from the address: the visible types of catalogue A it names, in catalogue order;
 * all visible types when it names none (the hidden ones are never offered, so never taken from it).
 */
export function readCampaignTypes(text: string | null): CampaignTypePick[] {
  const named = new Set((text ?? '').split(',').map((part) => part.trim().toUpperCase()));
  const picked = VISIBLE.filter((type) => named.has(type));
  return picked.length > 0 ? picked : [...VISIBLE];
}

/** The address value for a choice; null for the default (every visible type). */
export function writeCampaignTypes(types: readonly CampaignTypePick[]): string | null {
  const picked = VISIBLE.filter((type) => types.includes(type));
  return picked.length === 0 || picked.length === VISIBLE.length ? null : picked.join(',');
}

/**
 * Catalogue A's type picker (spec 02 §3): SEARCH and DISPLAY shown, the other types hidden. One type
 * at least stays chosen.
 */
export function CampaignTypePicker({
  value,
  onChange,
}: {
  value: readonly CampaignTypePick[];
  onChange: (types: CampaignTypePick[]) => void;
}) {
  const toggle = (type: CampaignTypePick) => {
    const chosen = value.includes(type);
    if (chosen && value.length === 1) return;
    onChange(VISIBLE.filter((each) => (each === type ? !chosen : value.includes(each))));
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form fieldset
    <div
      className={styles.typePicker}
      role="group"
      aria-label="Campaign types"
      data-testid="campaign-type-picker"
    >
      <span className={styles.typePickerLabel} aria-hidden="true">
        Campaign types
      </span>
      {VISIBLE.map((type) => (
        <Button
          key={type}
          size="binary"
          pressed={value.includes(type)}
          aria-disabled={value.includes(type) && value.length === 1 ? true : undefined}
          onClick={() => toggle(type)}
          data-testid={`campaign-type-${type}`}
        >
          {googleCampaignTypeName(type)}
        </Button>
      ))}
    </div>
  );
}
