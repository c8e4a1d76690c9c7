import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  CONVERSIONS_PAGE_SIZE,
  type ConversionsExportQuery,
  type ConversionsListQuery,
  zConversionsList,
} from '@veracity/contracts/conversions-list';
import { api } from '../../../lib/api-client';
import type { ConversionsListState } from '../../../lib/url-state';
import { type CsvDownload, exportCsv } from '../analytics/analytics.api';

/** The conversions list's calls (docs/api.md "Conversions list"), keyed by [endpoint, body]. */

export function exportBody(state: ConversionsListState): ConversionsExportQuery {
  return {
    from: state.from,
    to: state.to,
    filters: state.filters,
    matchType: state.matchType,
    ...(state.status ? { status: state.status } : {}),
    sort: state.sort,
  };
}

export function listBody(state: ConversionsListState): ConversionsListQuery {
  return { ...exportBody(state), page: state.page, pageSize: CONVERSIONS_PAGE_SIZE };
}

export function useConversionsList(state: ConversionsListState) {
  const body = listBody(state);
  return useQuery({
    queryKey: ['/conversions/list', body],
    queryFn: ({ signal }) => api.post('/conversions/list', body, { schema: zConversionsList, signal }),
    // A new page or order keeps the rows in place while the next answer comes.
    placeholderData: keepPreviousData,
  });
}

/** POST /api/conversions/export: every conversion of the list's query as CSV. */
export function exportConversionsCsv(state: ConversionsListState): Promise<CsvDownload> {
  return exportCsv('/conversions/export', exportBody(state));
}
