import { UET_EXCLUSION_EVENT } from '@veracity/contracts/ad-channels';
import { CopyButton } from '../../components/CopyButton/CopyButton';
import styles from './Wizards.module.css';

/** The UET custom event's values (spec 02 §2 Microsoft step 2), each with its own copy button. */
export const EVENT_ROWS = [
  ['Category', UET_EXCLUSION_EVENT.category],
  ['Action', UET_EXCLUSION_EVENT.action],
  ['Label', UET_EXCLUSION_EVENT.label],
  ['Value', String(UET_EXCLUSION_EVENT.value)],
] as const;

export function EventTable() {
  return (
    <table className={styles.eventTable} data-testid="uet-event-table">
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Value</th>
          <th scope="col">
            <span className="visually-hidden">Copy</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {EVENT_ROWS.map(([field, value]) => (
          <tr key={field} data-testid={`uet-event-${field.toLowerCase()}`}>
            <th scope="row">{field}</th>
            <td>
              <code>{value}</code>
            </td>
            <td className={styles.copyCell}>
              <CopyButton text={value} variation="white" label={`Copy ${field}`} copiedLabel="Copied" />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
