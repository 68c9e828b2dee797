import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jest-dom is not installed: a getBy…/findBy… query on its own is the assertion that an element
// exists (it throws when nothing matches); check an element's state with a plain matcher on it.

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
