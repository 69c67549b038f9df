/**
 * Counts events per key over a sliding window, in memory: a room's adds per guest and joins
 * per room and per address. Keys with no recent event are dropped as the map grows.
 */
export class WindowLimiter {
  private readonly hits = new Map<string, number[]>();
  constructor(private readonly windowMs: number) {}

  /** Counts one event and returns 0, or returns the seconds to wait when `max` are in the window. */
  take(key: string, max: number, now: number): number {
    if (this.hits.size > 10_000) this.prune(now);
    const recent = (this.hits.get(key) ?? []).filter((at) => at > now - this.windowMs);
    this.hits.set(key, recent);
    if (recent.length >= max) return (recent[0]! + this.windowMs - now) / 1000;
    recent.push(now);
    return 0;
  }

  private prune(now: number): void {
    for (const [key, times] of this.hits) if (!times.some((at) => at > now - this.windowMs)) this.hits.delete(key);
  }
}
