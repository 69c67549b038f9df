/**
 * Link-expiry choices for temporary shares, with the Share Audio form's labels. Plain
 * data (no TypeBox), so the share page's island imports it without growing its bundle.
 */
export const SHARE_EXPIRIES = ['never', '1day', '3days', '1week', '30days'] as const;
export type ShareExpiry = (typeof SHARE_EXPIRIES)[number];

export const SHARE_EXPIRY_OPTIONS: readonly { value: ShareExpiry; label: string }[] = [
  { value: 'never', label: 'Never' },
  { value: '1day', label: '1 Day' },
  { value: '3days', label: '3 Days' },
  { value: '1week', label: '1 Week' },
  { value: '30days', label: '30 Days' },
];

export const isShareExpiry = (value: unknown): value is ShareExpiry => SHARE_EXPIRIES.includes(value as ShareExpiry);
