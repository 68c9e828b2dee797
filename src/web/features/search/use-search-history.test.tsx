import { act, render, screen } from '@testing-library/react';
import { beforeEach, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../shared/constants.ts';
import { ConsentProvider } from '../consent/consent.tsx';
import { forgetPageViewSearches, useSearchHistory } from './use-search-history.ts';

let add: (query: string) => void = () => {};

function Probe() {
  const { history, addSearch } = useSearchHistory();
  add = addSearch;
  return <output aria-label="recent">{history.join('|')}</output>;
}

/** The search dialog mounts its panel (and this hook) when opened and unmounts it when closed. */
function openDialog() {
  return render(
    <ConsentProvider>
      <Probe />
    </ConsentProvider>,
  );
}

beforeEach(() => {
  localStorage.clear();
  forgetPageViewSearches();
});

it('without functional consent keeps recent searches for the page view, across closing and reopening, never stored', () => {
  const first = openDialog();
  act(() => add('soc 2 evidence'));
  act(() => add('gdpr'));
  expect(screen.getByLabelText('recent').textContent).toBe('gdpr|soc 2 evidence');
  first.unmount();

  openDialog();
  expect(screen.getByLabelText('recent').textContent).toBe('gdpr|soc 2 evidence');
  expect(localStorage.getItem(STORAGE_KEYS.searchHistory)).toBeNull();
});

it('a new page view starts with none', () => {
  openDialog();
  expect(screen.getByLabelText('recent').textContent).toBe('');
});
