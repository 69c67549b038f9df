/** Duration display: m:ss (minutes are not padded, and may exceed 59). */
export function formatDuration(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** File size display: MB to two decimals (1 MB = 1024 × 1024 bytes). */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

/** "artist • album" from whichever parts exist (the share page's line, the display preference). */
export function joinWithBullet(...parts: (string | null | undefined)[]): string {
  return parts.filter((part): part is string => Boolean(part && part.trim())).join(' • ');
}
