import { useQuery } from '@tanstack/react-query';
import { zSessionForensics } from '@veracity/contracts/forensics';
import { api } from '../../../lib/api-client';

/** The forensics page's address for a session, hit or conversion id (where other screens link to). */
export const FORENSICS_PATH = '/intelligence/reports/session-forensics';
export const forensicsPath = (id: string) => `${FORENSICS_PATH}?id=${encodeURIComponent(id)}`;

/** GET /api/forensics/sessions/{id}: a malformed or unknown id is an answer to show, not to retry. */
export function useSessionForensics(id: string | null) {
  return useQuery({
    queryKey: ['/forensics/sessions', id],
    queryFn: ({ signal }) =>
      api.get(`/forensics/sessions/${encodeURIComponent(id ?? '')}`, { schema: zSessionForensics, signal }),
    enabled: id !== null,
    retry: false,
    staleTime: 60_000,
  });
}
