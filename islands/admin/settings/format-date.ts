/** Date display: en-US long format with hour and minute ("November 22, 2026 at 10:45 AM"). */
const LONG = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' });

export const formatLongDate = (iso: string): string => LONG.format(new Date(iso));
