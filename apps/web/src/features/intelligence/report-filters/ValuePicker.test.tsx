import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { countriesForPicker, countryMatches } from '@veracity/contracts/analytics/reference/countries';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../providers';
import { type FilterOptionsSource, FilterOptionsSourceProvider } from './filter-options.api';
import { columnFilter, type FilterColumn, type FilterValue } from './report-filter-columns';
import { ValuePicker } from './ValuePicker';

/** Answers like the server's filter-options call: every country, WW included, matched by search. */
const countrySource: FilterOptionsSource = {
  name: 'countries-test',
  load: async ({ search, limit }) => {
    const matching = countriesForPicker({ includeWorldWide: true }).filter((country) =>
      countryMatches(country, search),
    );
    return {
      options: matching.slice(0, limit).map(({ id, name, flag }) => ({ id, name, flag })),
      truncated: matching.length > limit,
    };
  },
};

const COUNTRY = columnFilter('country') as FilterColumn;

function Harness({ includeWorldWide }: { includeWorldWide?: boolean }) {
  const [values, setValues] = useState<FilterValue[]>([]);
  return (
    <QueryClientProvider client={createQueryClient()}>
      <FilterOptionsSourceProvider value={countrySource}>
        <ValuePicker
          column={COUNTRY}
          values={values}
          onValuesChange={setValues}
          onOptionsSeen={() => {}}
          readOnly={false}
          includeWorldWide={includeWorldWide}
        />
        <output data-testid="values">{values.join(',')}</output>
      </FilterOptionsSourceProvider>
    </QueryClientProvider>
  );
}

async function search(text: string) {
  const user = userEvent.setup();
  await user.type(screen.getByRole('combobox', { name: 'Find Country values' }), text);
  return user;
}

describe('ValuePicker: countries and WW', () => {
  it('offers WW (World Wide) by default', async () => {
    render(<Harness />);
    await search('world');
    const list = screen.getByRole('listbox', { name: 'Country values' });
    expect(await within(list).findByRole('option', { name: /World Wide/ })).toBeTruthy();
  });

  it('leaves WW out when the picker says so, and Select All does not pick it', async () => {
    render(<Harness includeWorldWide={false} />);
    const user = await search('world');
    expect(await screen.findByText('No results')).toBeTruthy();
    expect(screen.queryByRole('option', { name: /World Wide/ })).toBeNull();

    await user.clear(screen.getByRole('combobox', { name: 'Find Country values' }));
    const list = screen.getByRole('listbox', { name: 'Country values' });
    // The list is virtualised: wait for the first countries to show past Select All.
    expect((await within(list).findAllByRole('option')).length).toBeGreaterThan(2);
    await user.click(within(list).getByRole('option', { name: 'Select All' }));
    const chosen = screen.getByTestId('values').textContent?.split(',') ?? [];
    expect(chosen).toContain('ES');
    expect(chosen).not.toContain('WW');
    expect(chosen).toHaveLength(countriesForPicker({ includeWorldWide: false }).length);
  });
});
