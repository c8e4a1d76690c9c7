import { createContext } from 'react';
import type { NotificationLevel } from '../../lib/api-errors';

export type { NotificationLevel };

export interface NotificationInput {
  level: NotificationLevel;
  /** One line, or several (e.g. one per field error). */
  message: string | string[];
  title?: string;
  /** Auto-hide delay; defaults to NOTIFICATION_DURATION_MS. */
  durationMs?: number;
}

export interface Notify {
  (notification: NotificationInput): void;
  info(message: string | string[]): void;
  success(message: string | string[]): void;
  warning(message: string | string[]): void;
  error(message: string | string[]): void;
  dismiss(): void;
}

export const NOTIFICATION_DURATION_MS = 5000;

export const NotificationContext = createContext<Notify | null>(null);
