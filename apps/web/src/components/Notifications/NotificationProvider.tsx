import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import styles from './Notifications.module.css';
import {
  NOTIFICATION_DURATION_MS,
  NotificationContext,
  type NotificationInput,
  type NotificationLevel,
  type Notify,
} from './notification-context';

interface ShownNotification extends NotificationInput {
  id: number;
}

const LEVEL_LABEL: Record<NotificationLevel, string> = {
  info: 'Information',
  success: 'Success',
  warning: 'Warning',
  error: 'Error',
};

let nextId = 1;

/**
 * Notifications (spec 01 §2, spec 02 §4): levels info, success, warning, error; top right; dismissed
 * on click; only the latest shows; each hides by itself after a few seconds.
 */
export function NotificationProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ShownNotification | null>(null);

  const show = useCallback((notification: NotificationInput) => {
    setCurrent({ ...notification, id: nextId++ });
  }, []);
  const dismiss = useCallback(() => setCurrent(null), []);

  const notify = useMemo<Notify>(
    () =>
      Object.assign((notification: NotificationInput) => show(notification), {
        info: (message: string | string[]) => show({ level: 'info', message }),
        success: (message: string | string[]) => show({ level: 'success', message }),
        warning: (message: string | string[]) => show({ level: 'warning', message }),
        error: (message: string | string[]) => show({ level: 'error', message }),
        dismiss,
      }),
    [show, dismiss],
  );

  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => {
      setCurrent((shown) => (shown?.id === current.id ? null : shown));
    }, current.durationMs ?? NOTIFICATION_DURATION_MS);
    return () => clearTimeout(timer);
  }, [current]);

  const lines = current ? (Array.isArray(current.message) ? current.message : [current.message]) : [];

  return (
    <NotificationContext.Provider value={notify}>
      {children}
      <section className={styles.viewport} aria-label="Notifications" aria-live="polite">
        {current ? (
          <button
            key={current.id}
            type="button"
            className={`${styles.notification} ${styles[current.level]}`}
            data-level={current.level}
            data-testid="notification"
            role={current.level === 'error' ? 'alert' : 'status'}
            onClick={dismiss}
            title="Dismiss"
          >
            <span className={styles.marker} aria-hidden="true" />
            <span className={styles.content}>
              <span className={styles.title}>{current.title ?? LEVEL_LABEL[current.level]}</span>
              {lines.map((line) => (
                <span key={line} className={styles.line}>
                  {line}
                </span>
              ))}
            </span>
            <span className={styles.close} aria-hidden="true">
              ×
            </span>
          </button>
        ) : null}
      </section>
    </NotificationContext.Provider>
  );
}
