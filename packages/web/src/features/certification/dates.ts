const certificateDate = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric' });
// The printed certificate is dated in India's time zone: the verification page shows the same day.
const issuedDate = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

/** en-IN date of an ISO time, '12 March 2026' (design.md §5); '' for a bad value. */
export function formatCertificateDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : certificateDate.format(date);
}

/** The issue date as printed on the certificate. */
export function formatIssuedDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : issuedDate.format(date);
}
