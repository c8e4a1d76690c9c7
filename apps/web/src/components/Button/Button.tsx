import type { ComponentProps, MouseEvent } from 'react';
import { Spinner } from '../Spinner/Spinner';
import styles from './Button.module.css';

/**
 * Spec 02 §9: variations blue primary/secondary, white, orange, red, gold; sizes M (default), S, XS,
 * binary. The spec's "(default)" is read as the blue family; its default member is the filled
 * primary, so a bare <Button> is the main action of a form. Binary is the compact two-state button
 * used in pairs (e.g. "Match All | Any"); pass `pressed` for its state.
 */
export type ButtonVariation = 'primary' | 'secondary' | 'white' | 'orange' | 'red' | 'gold';
export type ButtonSize = 'm' | 's' | 'xs' | 'binary';

export interface ButtonProps extends ComponentProps<'button'> {
  variation?: ButtonVariation;
  size?: ButtonSize;
  /** Shows a spinner in place of the label, keeps the width and ignores clicks. */
  loading?: boolean;
  /** For binary buttons: whether this choice is the selected one. */
  pressed?: boolean;
}

export function Button({
  variation = 'primary',
  size = 'm',
  loading = false,
  pressed,
  className,
  children,
  onClick,
  type = 'button',
  ...rest
}: ButtonProps) {
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    const unavailable = rest['aria-disabled'] === true || rest['aria-disabled'] === 'true';
    if (loading || unavailable) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <button
      type={type}
      className={[styles.button, styles[variation], styles[size], loading ? styles.loading : '', className]
        .filter(Boolean)
        .join(' ')}
      data-variation={variation}
      data-size={size}
      aria-busy={loading || undefined}
      aria-disabled={loading || undefined}
      aria-pressed={pressed}
      onClick={handleClick}
      {...rest}
    >
      <span className={styles.label}>{children}</span>
      {loading ? (
        <span className={styles.spinner}>
          <Spinner size={size === 'm' ? 's' : 'xs'} label="" />
        </span>
      ) : null}
    </button>
  );
}
