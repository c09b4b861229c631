const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * True for a well-formed UUID. Ids in paths are checked with this before they reach a query, so
 * a malformed id is a plain 404 instead of a database cast error (a 500).
 */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
