const UUID = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;

/**
 * Whether a body field can be an id at all, checked before it reaches a query (a non-UUID cast
 * into one is a database error). Path ids are checked by their route schema (`uuidParam`).
 */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}
