import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Link, NavLink, useNavigateWithSearch, withCurrentSearch } from './navigation';

describe('withCurrentSearch', () => {
  it('carries the current query string to a plain path', () => {
    expect(withCurrentSearch('/setup/integration', '?from=2024-01-01&to=2024-01-31')).toEqual({
      pathname: '/setup/integration',
      search: '?from=2024-01-01&to=2024-01-31',
      hash: '',
    });
  });

  it("lets the target's own parameters win and keeps the others", () => {
    const to = withCurrentSearch(
      '/intelligence/analytics?dimensions=trafficType&threats=0#top',
      '?dimensions=day&from=x',
    );
    expect(to).toEqual({
      pathname: '/intelligence/analytics',
      search: '?from=x&dimensions=trafficType&threats=0',
      hash: '#top',
    });
  });

  it('works with object targets and an empty current search', () => {
    expect(withCurrentSearch({ pathname: '/a', search: '?b=1' }, '')).toEqual({
      pathname: '/a',
      search: '?b=1',
    });
    expect(withCurrentSearch({ pathname: '/a' }, '')).toEqual({ pathname: '/a', search: '' });
  });
});

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function NavigateButton() {
  const navigate = useNavigateWithSearch();
  return (
    <button type="button" onClick={() => navigate('/third?page=2')}>
      go
    </button>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <Link to="/second">second</Link>
            <NavLink to="/nav">nav</NavLink>
            <NavigateButton />
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

describe('Link, NavLink and useNavigateWithSearch', () => {
  it('render hrefs with the current query string', () => {
    renderAt('/first?relationship=7');
    expect(screen.getByRole('link', { name: 'second' }).getAttribute('href')).toBe('/second?relationship=7');
    expect(screen.getByRole('link', { name: 'nav' }).getAttribute('href')).toBe('/nav?relationship=7');
  });

  it('navigate keeps the query string and adds the target parameters', async () => {
    renderAt('/first?relationship=7');
    await userEvent.click(screen.getByRole('button', { name: 'go' }));
    expect(screen.getByTestId('where').textContent).toBe('/third?relationship=7&page=2');
  });
});
