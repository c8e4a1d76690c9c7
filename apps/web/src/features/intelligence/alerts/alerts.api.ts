import { useQuery } from '@tanstack/react-query';
import { type Alert, type AlertBody, zAlert, zAlertHistory, zAlerts } from '@veracity/contracts/alerts';
import { api, type ResponseSchema } from '../../../lib/api-client';

/** The alert calls (spec 01 §7, spec 02 §7; docs/api.md "Alerts"). */

export const alertsQueryKey = ['/alerts'] as const;
export const alertHistoryQueryKey = ['/alerts/history'] as const;

/** Spec 02 §4: a 204 (no alerts) is an empty list. */
const alertList: ResponseSchema<Alert[]> = {
  parse: (input) => (input === undefined || input === null ? [] : zAlerts.parse(input)),
};

export function useAlerts(enabled = true) {
  return useQuery({
    queryKey: alertsQueryKey,
    queryFn: () => api.get('/alerts', { schema: alertList }),
    enabled,
  });
}

export function useAlertHistory(enabled = true) {
  return useQuery({
    queryKey: alertHistoryQueryKey,
    queryFn: () => api.get('/alerts/history', { schema: zAlertHistory }),
    enabled,
  });
}

export function createAlert(body: AlertBody) {
  return api.post('/alerts', body, { schema: zAlert });
}

export function updateAlert(id: number, body: AlertBody) {
  return api.put(`/alerts/${id}`, body, { schema: zAlert });
}

/** Spec 01 §7: PATCH without a body is the delete action (204). */
export function deleteAlert(id: number) {
  return api.patch(`/alerts/${id}`);
}
