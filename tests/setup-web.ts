import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy…/waitFor give up after 1 s by default. A lazily imported component (the advisor's widget,
// a dialog) can take longer than that to arrive on a busy two-core machine, where the web tests run
// beside the server tests (docs/decisions/013): the wait is for the app, not a speed check.
configure({ asyncUtilTimeout: 5_000 });

// jest-dom is not installed: a getBy…/findBy… query on its own is the assertion that an element
// exists (it throws when nothing matches); check an element's state with a plain matcher on it.

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
