/** One clock reading over the room's socket: the round trip and the server clock's offset. */
export interface ClockReading {
  rttMs: number;
  offsetMs: number;
}

type Schedule = { songId: number; audioUrl: string; startedAt: number; paused: boolean; positionMs: number } | null;

const SEEK_BEYOND_S = 0.15;
/** A seek that landed further off than this is followed by one more, aimed with what it taught. */
const FOLLOW_UP_BEYOND_S = 0.03;
const STEADY_WITHIN_S = 0.002;
const MAX_RATE_CHANGE = 0.1;

/**
 * Plays the room's schedule on this device: the server clock from the ping with the lowest round
 * trip (of eight, again after 1.5 s, 4 s and every 30 s), then small playback-rate corrections towards the scheduled
 * position (resampled, not time-stretched), seeking only when far off. `delayMs` holds back for a slow (Bluetooth) speaker.
 */
export class ListenAlong {
  readonly audio: HTMLAudioElement;
  private offsetMs = 0;
  private schedule: Schedule = null;
  /** How long a new song's load and a seek within the song take to sound, learnt from the last of each: seeks aim that far ahead. */
  private readonly leadS = { load: 0.1, seek: 0.05 };
  /** The last seek until its position moves: only then does the element sound from where it landed. */
  private landing: { kind: 'load' | 'seek'; at: number; since: number; followUp: boolean } | null = null;
  private readonly timers: ReturnType<typeof setTimeout>[] = [];
  private stopped = false;

  constructor(
    private readonly ping: () => Promise<ClockReading>,
    public delayMs: number,
    /** The browser refused to start sound (no tap on this page yet). */
    private readonly onRefused: () => void = () => {},
  ) {
    this.audio = document.createElement('audio');
    this.audio.dataset.roomAudio = '';
    this.audio.preload = 'auto';
    // Corrections resample: pitch-preserving time-stretch advances the position in ~20 ms lumps
    // while the rate is off 1, which kept the loop hunting and put the tail past 20 ms.
    this.audio.preservesPitch = false;
    document.body.append(this.audio);
  }

  async start(): Promise<void> {
    await this.syncClock();
    // Early readings are taken while the page is busy loading audio: read again soon after.
    for (const after of [1500, 4000]) this.timers.push(setTimeout(() => void this.syncClock(), after));
    this.timers.push(setInterval(() => void this.syncClock(), 30_000), setInterval(() => this.correct(), 100));
    this.correct();
  }

  follow(schedule: Schedule): void {
    this.schedule = schedule;
    this.correct();
  }

  stop(): void {
    this.stopped = true;
    this.timers.splice(0).forEach((timer) => clearTimeout(timer));
    this.audio.pause();
    this.audio.remove();
  }

  /** Where the schedule is now, in seconds into the song, as this device should sound it. */
  private target(schedule: NonNullable<Schedule>): number {
    if (schedule.paused) return schedule.positionMs / 1000;
    return (performance.timeOrigin + performance.now() + this.offsetMs - schedule.startedAt - this.delayMs) / 1000;
  }

  private seek(target: number, kind: 'load' | 'seek', followUp = false): void {
    this.audio.playbackRate = 1;
    this.audio.currentTime = Math.max(0, target + this.leadS[kind]);
    this.landing = { kind, at: this.audio.currentTime, since: performance.now(), followUp };
  }

  private async syncClock(): Promise<void> {
    const readings: ClockReading[] = [];
    for (let i = 0; i < 8; i++) readings.push(await this.ping().catch(() => ({ rttMs: Infinity, offsetMs: this.offsetMs })));
    this.offsetMs = readings.reduce((best, reading) => (reading.rttMs < best.rttMs ? reading : best)).offsetMs;
    // No answer at all (the socket still opening, as when the page plays along from its first moment): soon again.
    if (!this.stopped && readings.every((reading) => reading.rttMs === Infinity)) this.timers.push(setTimeout(() => void this.syncClock(), 300));
  }

  private correct(): void {
    const { audio, schedule } = this;
    if (!schedule) return void audio.pause();
    const target = this.target(schedule);
    if (audio.dataset.songId !== String(schedule.songId)) {
      audio.dataset.songId = String(schedule.songId);
      audio.src = schedule.audioUrl;
      this.seek(target, 'load');
    }
    if (schedule.paused) return void audio.pause();
    if (audio.paused && target >= 0) void audio.play().catch((error: unknown) => error instanceof DOMException && error.name === 'NotAllowedError' && this.onRefused());
    if (audio.seeking || audio.readyState < 3) return;
    const { landing } = this;
    if (landing && audio.currentTime <= landing.at + 0.001 && performance.now() - landing.since < 3000) return;
    const drift = audio.currentTime - target;
    this.landing = null;
    if (landing) this.leadS[landing.kind] = Math.max(0, Math.min(1, this.leadS[landing.kind] - drift));
    if (Math.abs(drift) > SEEK_BEYOND_S || (landing && !landing.followUp && Math.abs(drift) > FOLLOW_UP_BEYOND_S)) {
      this.seek(target, 'seek', landing !== null);
    } else {
      // Catch up over about a quarter second: 10 ms behind plays 4% faster, until within 2 ms.
      audio.playbackRate = Math.abs(drift) < STEADY_WITHIN_S ? 1 : 1 - Math.max(-MAX_RATE_CHANGE, Math.min(MAX_RATE_CHANGE, drift * 4));
    }
  }
}
