/** A full-page 'Loading...' while a guard waits for the session (spec §4 admin guard). */
export function PageLoading() {
  return (
    <main id="main" className="page-loading">
      <p role="status">Loading...</p>
    </main>
  );
}
