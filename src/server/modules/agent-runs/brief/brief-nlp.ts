import { once } from '../../../../shared/once.ts';

/**
 * compromise (sentences, clauses, negations, organisations and places), loaded when the first brief is
 * read rather than with the server: importing it costs ~48 MB resident (decision 012).
 */
export const loadCompromise = once(() => import('compromise'));

/** compromise's `nlp`, for the helpers it is handed to. */
export type Nlp = Awaited<ReturnType<typeof loadCompromise>>['default'];
