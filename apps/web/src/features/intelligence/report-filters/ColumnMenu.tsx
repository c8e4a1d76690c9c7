import { DropdownMenu } from 'radix-ui';
import { type ReactElement, useRef } from 'react';
import { Icon } from '../../../components/Icon/Icon';
import { Tooltip } from '../../../components/Tooltip/Tooltip';
import styles from './ColumnMenu.module.css';
import type { FilterColumnGroup } from './report-filter-columns';

/** Spec 02 §2: a group's submenu is at most 280 px high. */
export const COLUMN_SUBMENU_MAX_HEIGHT_PX = 280;

interface ColumnMenuProps {
  /** The button that opens the menu (it receives the trigger's props). */
  trigger: ReactElement;
  groups: readonly FilterColumnGroup[];
  onSelect(column: string): void;
  /** The menu opens so the filters can be explored, but none can be chosen (the free plan). */
  exploreOnly?: boolean;
  disabled?: boolean;
  /** Shown on the trigger (the free plan's explanation). */
  tooltip?: string;
}

/** The filter selector: one submenu per group of columns (Traffic, Device, Target, ...). */
export function ColumnMenu({
  trigger,
  groups,
  onSelect,
  exploreOnly = false,
  disabled,
  tooltip,
}: ColumnMenuProps) {
  // After a choice, the caller moves the focus (to the new line's picker): the menu must not take it back.
  const chosen = useRef(false);
  return (
    <DropdownMenu.Root modal={false}>
      <Tooltip content={tooltip} enabled={Boolean(tooltip)}>
        <DropdownMenu.Trigger asChild disabled={disabled}>
          {trigger}
        </DropdownMenu.Trigger>
      </Tooltip>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className={styles.menu}
          align="start"
          sideOffset={4}
          collisionPadding={8}
          onCloseAutoFocus={(event) => {
            if (chosen.current) event.preventDefault();
            chosen.current = false;
          }}
        >
          {groups.map((group) => (
            <DropdownMenu.Sub key={group.group}>
              <DropdownMenu.SubTrigger className={styles.item} data-group={group.group}>
                <span>{group.label}</span>
                <Icon name="chevron-right" className={styles.chevron} />
              </DropdownMenu.SubTrigger>
              <DropdownMenu.Portal>
                <DropdownMenu.SubContent
                  className={`${styles.menu} ${styles.submenu}`}
                  style={{
                    maxHeight: `min(${COLUMN_SUBMENU_MAX_HEIGHT_PX}px, var(--radix-dropdown-menu-content-available-height))`,
                  }}
                  sideOffset={2}
                  collisionPadding={8}
                >
                  {group.columns.map((column) => (
                    <DropdownMenu.Item
                      key={column.column}
                      className={styles.item}
                      disabled={exploreOnly}
                      data-column={column.column}
                      onSelect={() => {
                        chosen.current = true;
                        onSelect(column.column);
                      }}
                    >
                      {column.label}
                    </DropdownMenu.Item>
                  ))}
                </DropdownMenu.SubContent>
              </DropdownMenu.Portal>
            </DropdownMenu.Sub>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
