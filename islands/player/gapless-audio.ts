import { audioSource } from '../offline/offline-cache.ts';
import type { AudioLike } from './engine-deps.ts';
import { type GaplessSource, type GaplessTrack, gaplessSource } from './gapless-sources.ts';

/** The songs that follow a song in album or playlist context, that song first; [] elsewhere. */
export type Upcoming = (url: string) => GaplessTrack[];

interface Segment extends GaplessSource {
  audioUrl: string;
  /** Where its real audio starts and ends on the element's timeline (seconds). */
  start: number;
  end: number;
}

const FORWARDED = ['play', 'pause', 'playing', 'timeupdate', 'loadedmetadata', 'error', 'waiting', 'volumechange'] as const;
const CHUNK_BYTES = 512 * 1024;
const FIRST_CHUNK_BYTES = 16 * 1024;
const real = new WeakMap<AudioLike, HTMLMediaElement>();

/** The media element behind an audio (Web Audio routes the element itself). */
export const mediaElementOf = (el: AudioLike): HTMLMediaElement => real.get(el) ?? (el as unknown as HTMLMediaElement);

let feeding: GaplessAudio | null = null;
/** True while a gapless feed holds the song after the current one: fetching it ahead would be wasted. */
export const gaplessFeedsNext = () => feeding?.feedsNext() ?? false;

/**
 * One audio element seen as one song at a time. In album or playlist context, consecutive songs
 * that can be joined go into one SourceBuffer, each cut to its real samples (encoder delay and
 * padding trimmed) and placed where the previous one ends; the element never stops between them.
 * At each join it tells the engine "ended" and takes the next song's URL as a continuation.
 * Anything else (other songs, no MSE, a failed feed) plays the element as it is.
 */
export class GaplessAudio extends EventTarget implements AudioLike {
  private url = '';
  private segments: Segment[] = [];
  private at = 0;
  /** The engine was told the current song ended; the next `src` continues into the next segment. */
  private advancing = false;
  private session = 0;
  private media: MediaSource | null = null;
  private pendingSeek: number | null = null;
  /** Loaded plainly for its metadata (a restored session); the gapless feed starts at play. */
  private deferred = false;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly el: HTMLMediaElement,
    private readonly upcoming: Upcoming,
  ) {
    super();
    real.set(this, el);
    for (const type of FORWARDED) el.addEventListener(type, () => this.dispatchEvent(new Event(type)));
    el.addEventListener('timeupdate', () => this.watchJoin());
    el.addEventListener('ended', () => this.dispatchEvent(new Event('ended')));
  }

  get src() {
    // As an element answers: the resolved URL of the song (not of the MediaSource, nor the kept mark).
    return this.url ? new URL(this.url, document.baseURI).href : this.el.src;
  }
  set src(url: string) {
    const next = this.segments[this.at + 1];
    if (this.advancing && next?.audioUrl === url) {
      // The engine's auto-advance: the next song is already playing out of the same buffer.
      this.advancing = false;
      this.at += 1;
      this.url = url;
      return;
    }
    this.advancing = false;
    this.url = url;
    this.open(url);
  }

  private current = () => this.segments[this.at];

  get currentTime() {
    const seg = this.current();
    if (!seg) return this.el.currentTime;
    return Math.max(0, Math.min(seg.length, this.el.currentTime - seg.start));
  }
  set currentTime(seconds: number) {
    const seg = this.current();
    if (!seg) {
      this.el.currentTime = seconds;
      return;
    }
    this.advancing = false;
    const target = seg.start + Math.max(0, seconds);
    const buffered = this.el.buffered;
    const inBuffer = [...Array(buffered.length).keys()].some((i) => buffered.start(i) <= target + 0.05 && target < buffered.end(i));
    if (inBuffer) this.el.currentTime = target;
    else if (!buffered.length) this.pendingSeek = target;
    else {
      // Played data the browser dropped (long songs): this song and the next are fed again.
      const playing = !this.el.paused;
      this.open(this.url);
      if (this.segments.length) this.pendingSeek = Math.max(0, seconds);
      else this.el.currentTime = seconds;
      if (playing) void this.el.play().catch(() => {});
    }
  }

  get duration() {
    return this.current()?.length ?? this.el.duration;
  }
  get volume() {
    return this.el.volume;
  }
  set volume(v: number) {
    this.el.volume = v;
  }
  get preload() {
    return this.el.preload;
  }
  set preload(v: string) {
    this.el.preload = v as HTMLMediaElement['preload'];
  }
  get paused() {
    return this.el.paused;
  }
  get error() {
    return this.el.error;
  }
  play() {
    if (this.deferred) {
      // A restored song, played at last: from here on it and the next songs join gaplessly.
      this.deferred = false;
      const at = this.el.currentTime;
      this.open(this.url);
      if (this.segments.length) this.pendingSeek = at;
    }
    return this.el.play();
  }
  pause() {
    this.el.pause();
  }
  load() {
    if (!this.segments.length) this.el.load();
  }
  canPlayType(type: string) {
    return this.el.canPlayType(type);
  }

  feedsNext(): boolean {
    return this.segments.length > this.at + 1;
  }

  /** Starts `url` and the joinable songs after it on a new MediaSource, or plainly. */
  private open(url: string) {
    const session = ++this.session;
    clearTimeout(this.timer);
    this.segments = [];
    this.at = 0;
    this.pendingSeek = null;
    if (this.media) URL.revokeObjectURL(this.el.src);
    this.media = null;
    const sources: (GaplessSource & { audioUrl: string })[] = [];
    for (const track of this.upcoming(url)) {
      const source = gaplessSource(track);
      if (!source) break;
      sources.push({ ...source, audioUrl: track.audioUrl });
    }
    // A restored session loads only the metadata: no whole-song fetch until the listener plays.
    this.deferred = sources.length > 1 && this.el.preload === 'metadata';
    if (this.deferred) sources.length = 0;
    if (sources.length < 2) {
      if (feeding === this) feeding = null;
      this.el.src = audioSource(url);
      return;
    }
    let start = 0;
    this.segments = sources.map((source) => {
      const seg = { ...source, start, end: start + source.length };
      start = seg.end;
      return seg;
    });
    feeding = this;
    const media = new MediaSource();
    this.media = media;
    this.el.src = URL.createObjectURL(media);
    media.addEventListener('sourceopen', () => void this.feed(session, media), { once: true });
  }

  /**
   * Appends every segment in turn, streamed in chunks; waits for room when the buffer is full. The
   * next segment's request goes out as this one starts, so its bytes (a remux on the server) are
   * on their way before the join, even after a short song.
   */
  private async feed(session: number, media: MediaSource) {
    const live = () => session === this.session;
    const segments = this.segments;
    const requests = new Map<number, Promise<Response>>();
    const request = (i: number) => {
      if (!requests.has(i) && segments[i]) requests.set(i, fetch(segments[i].url));
      return requests.get(i);
    };
    try {
      await this.feedAll(media, live, segments, request);
    } finally {
      // A feed that ends early (a new song, a failure) drops what it asked for and never read.
      for (const pending of requests.values()) void pending.then((res) => (res.bodyUsed || res.body?.locked ? undefined : res.body?.cancel())).catch(() => {});
    }
  }

  private async feedAll(media: MediaSource, live: () => boolean, segments: Segment[], request: (i: number) => Promise<Response> | undefined) {
    let buffer: SourceBuffer | null = null;
    for (const [i, seg] of segments.entries()) {
      try {
        if (!buffer) buffer = media.addSourceBuffer(seg.mime);
        else if (i > 0 && seg.mime !== this.segments[i - 1]!.mime) buffer.changeType(seg.mime);
        buffer.appendWindowEnd = Number.POSITIVE_INFINITY;
        buffer.appendWindowStart = seg.start;
        buffer.appendWindowEnd = seg.end;
        buffer.timestampOffset = seg.start - seg.delay;
        const asked = request(i)!;
        request(i + 1);
        const res = await asked;
        if (!res.ok || !res.body) throw new Error(`${res.status}`);
        const reader = res.body.getReader();
        let parts: Uint8Array[] = [];
        let size = 0;
        for (;;) {
          const { done, value } = await reader.read();
          if (!live()) return void reader.cancel();
          if (value) {
            parts.push(value);
            size += value.length;
          }
          // The first bytes go in at once: the song starts before the rest arrives.
          if (size >= (i === 0 && this.el.readyState === 0 ? FIRST_CHUNK_BYTES : CHUNK_BYTES) || (done && size > 0)) {
            await append(buffer, concat(parts, size), live);
            parts = [];
            size = 0;
            if (i === 0 && this.pendingSeek !== null) this.applySeek();
          }
          if (done) break;
        }
      } catch {
        if (!live()) return;
        if (i === 0) return this.fallBack();
        // A later song that will not feed: the buffer ends before it, and the engine loads it plainly.
        this.segments = this.segments.slice(0, i);
        break;
      }
      if (!live()) return;
    }
    if (live() && media.readyState === 'open' && !buffer?.updating) media.endOfStream();
  }

  private applySeek() {
    const target = this.pendingSeek;
    this.pendingSeek = null;
    if (target !== null) this.el.currentTime = target;
  }

  /** The feed failed on its first song: play that song plainly from where it was. */
  private fallBack() {
    const seg = this.current();
    const at = seg ? this.currentTime : 0;
    const playing = !this.el.paused;
    ++this.session;
    this.segments = [];
    if (feeding === this) feeding = null;
    if (this.media) URL.revokeObjectURL(this.el.src);
    this.media = null;
    this.el.src = audioSource(this.url);
    this.el.currentTime = at;
    if (playing) void this.el.play().catch(() => {});
  }

  /** Tells the engine the song ended as the element crosses into the next segment (timed to the sample's frame). */
  private watchJoin() {
    const seg = this.current();
    if (!seg || this.advancing || !this.segments[this.at + 1]) return;
    const left = seg.end - this.el.currentTime;
    clearTimeout(this.timer);
    if (left <= 0.01) {
      this.advancing = true;
      this.dispatchEvent(new Event('ended'));
    } else if (left < 0.5 && !this.el.paused) this.timer = setTimeout(() => this.watchJoin(), left * 1000);
  }
}

function concat(parts: Uint8Array[], size: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const updated = (buffer: SourceBuffer) =>
  new Promise<void>((resolve, reject) => {
    buffer.addEventListener('updateend', () => resolve(), { once: true });
    buffer.addEventListener('error', () => reject(new Error('append failed')), { once: true });
  });

/** One append; a full buffer (QuotaExceededError) is retried once playback has used some of it. */
async function append(buffer: SourceBuffer, bytes: Uint8Array<ArrayBuffer>, live: () => boolean) {
  for (let tries = 0; ; tries++) {
    try {
      const done = updated(buffer);
      buffer.appendBuffer(bytes);
      return await done;
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'QuotaExceededError') || tries > 600 || !live()) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}
