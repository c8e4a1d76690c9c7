import { useContext } from 'react';
import { NotificationContext, type Notify } from './notification-context';

/** Shows a notification top right; a new one replaces the one on screen. */
export function useNotify(): Notify {
  const notify = useContext(NotificationContext);
  if (!notify) throw new Error('useNotify must be used inside <NotificationProvider>');
  return notify;
}
