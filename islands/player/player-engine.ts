import { create } from 'zustand';
import type { AudioLike, EngineDeps } from './engine-deps.ts';
import type { Track } from './player-state.ts';
import { playbackLevel } from '../../src/shared/loudness.ts';
import { createFader } from './fade.ts';
import { FADE, HIDE_FADE_MS, HIDE_WAIT_MS, type PlayerState, hasNext, hasPrevious } from './player-state.ts';
import { AUDIO_ERROR_TEXT, CODEC_UNSUPPORTED, PLAYBACK_TOASTS, RETRIES_EXHAUSTED, RETRY_DELAYS_MS, UNKNOWN_AUDIO_ERROR, codecSupported } from './playback-errors.ts';

export { FADE, HIDE_FADE_MS, HIDE_WAIT_MS, hasNext, hasPrevious } from './player-state.ts';
export type { PlayContext, PlayerState, Track } from './player-state.ts';

export type PlayerStore = ReturnType<typeof createPlayerStore>;

/**
 * The playback engine: owns the audio elements (the playing one and one fetched
 * ahead) and knows nothing of screens. Every load takes a new id; anything asynchronous checks
 * it, so a newer load supersedes older ones and rapid clicks end on the last one.
 */
export function createPlayerStore(deps: EngineDeps) {
  const { clock } = deps;
  /** Each element's loudness cut for the song it holds: its volume is the listener's × this × `dim`. */
  const cuts = new WeakMap<AudioLike, number>();
  /** Each element's level in the listener's terms (what fades ramp), before the cut and `dim`. */
  const levels = new WeakMap<AudioLike, number>();
  /** The sleep timer's fade-out: one factor over every song, so a track change mid-fade stays dimmed. */
  let dim = 1;
  const apply = (el: AudioLike) => (el.volume = Math.max(0, Math.min(1, (levels.get(el) ?? 1) * (cuts.get(el) ?? 1) * dim)));
  const level = {
    get: (el: AudioLike) => levels.get(el) ?? el.volume,
    set: (el: AudioLike, v: number) => {
      levels.set(el, v);
      apply(el);
    },
  };
  const fader = createFader(clock, level);
  let current: AudioLike | null = null;
  let ahead: { el: AudioLike; index: number; load: number } | null = null;
  let loadId = 0;
  let attempts = 0;
  let pending: unknown[] = [];
  let wasPlaying = false;
  /** The load id of a song cued from a saved session (not asked for by the listener in this page). */
  let cuedId = -1;

  const later = (fn: () => void, ms: number) => pending.push(clock.setTimeout(fn, ms));
  const cancelPending = () => {
    for (const t of pending) clock.clearTimeout(t);
    pending = [];
  };

  function element(): AudioLike {
    if (current) return current;
    deps.onVisibility((hidden) => {
      // Never pause because the page is hidden (a locked phone keeps playing); resume on return.
      if (hidden) wasPlaying = store.getState().playing;
      else if (wasPlaying && current?.paused) void play(current, loadId, 0);
    });
    current = watch(deps.createAudio());
    return current;
  }

  function watch(el: AudioLike): AudioLike {
    el.preload = 'auto';
    const mine = (fn: () => void) => () => el === current && fn();
    const sync = mine(() => store.setState({ playing: !el.paused, time: el.currentTime }));
    el.addEventListener('play', sync);
    el.addEventListener('pause', sync);
    el.addEventListener('timeupdate', mine(() => {
      sync();
      maybePrefetch();
    }));
    el.addEventListener('loadedmetadata', mine(() => {
      if (Number.isFinite(el.duration)) store.setState({ duration: el.duration });
    }));
    el.addEventListener('playing', mine(() => (attempts = 0)));
    el.addEventListener('ended', mine(onEnded));
    el.addEventListener('error', mine(() => void onError(el, loadId)));
    return el;
  }

  /** Sets the element's cut and boost for `track` (album gain when an album plays, per the setting). */
  function levelFor(el: AudioLike, track: Track | undefined) {
    const { normalisation, context } = store.getState();
    const { cut, boost } = playbackLevel(track ?? {}, normalisation, context === 'album');
    cuts.set(el, cut);
    deps.boost(el, boost);
  }

  function play(el: AudioLike, id: number, fadeInMs: number) {
    const volume = store.getState().volume;
    level.set(el, fadeInMs ? 0 : volume);
    if (fadeInMs) fader.fade(el, volume, fadeInMs);
    return el.play().catch(() => {
      // Where the browser blocks autoplay, the song stays loaded and paused; a tap plays it.
      if (id !== loadId) return;
      fader.cancel();
      level.set(el, store.getState().volume);
      store.setState({ playing: false });
    });
  }

  function begin(id: number, fadeInMs: number) {
    const { queue, index } = store.getState();
    const track = queue[index];
    const el = element();
    if (!track || id !== loadId) return;
    if (!codecSupported(track.audioUrl, (t) => el.canPlayType(t))) return fail(PLAYBACK_TOASTS.format, CODEC_UNSUPPORTED);
    if (ahead?.index === index && ahead.load === id - 1 && ahead.el !== el) {
      // The next track was fetched ahead: it becomes the playing element, so it starts at once.
      const spare = el;
      spare.pause();
      current = ahead.el;
      ahead = { el: spare, index: -1, load: -1 };
    } else {
      el.src = track.audioUrl;
    }
    attempts += 1;
    levelFor(current!, track);
    current!.preload = 'auto';
    void play(current!, id, fadeInMs);
  }

  /** Loads `index`: a listener's change fades the old track out (250 ms) and the new in (400 ms). */
  function load(index: number, how: 'first' | 'change' | 'auto') {
    const id = ++loadId;
    cancelPending();
    attempts = 0;
    const track = store.getState().queue[index];
    store.setState({ index, time: 0, duration: track?.duration ?? 0, hiding: false, error: null });
    const el = element();
    if (how === 'auto') return begin(id, 0);
    const fadeIn = how === 'first' ? FADE.in : FADE.changeIn;
    if (!el.paused && el.src) fader.fade(el, 0, FADE.changeOut, () => begin(id, fadeIn));
    else begin(id, fadeIn);
  }

  function stop() {
    const id = loadId;
    store.setState({ playing: false });
    later(() => {
      store.setState({ hiding: true });
      // Clear only if the same song is still the current one (nothing started meanwhile).
      later(() => id === loadId && store.setState({ queue: [], index: 0, context: null, hiding: false, time: 0, duration: 0 }), HIDE_FADE_MS);
    }, HIDE_WAIT_MS);
  }

  function onEnded() {
    const s = store.getState();
    if (s.loop && current) {
      current.currentTime = 0;
      void play(current, loadId, 0);
    } else if ((s.context === 'album' || s.context === 'playlist') && hasNext(s)) load(s.index + 1, 'auto');
    else stop();
  }

  function maybePrefetch() {
    const s = store.getState();
    if (s.context !== 'album' && s.context !== 'playlist') return;
    if (!hasNext(s) || !current || !(current.duration > 0) || current.currentTime / current.duration <= 0.5) return;
    if (ahead?.load === loadId && ahead.index === s.index + 1) return;
    if (!deps.canPrefetch()) return;
    const el = ahead?.el ?? watch(deps.createAudio());
    el.src = s.queue[s.index + 1]!.audioUrl;
    el.load();
    ahead = { el, index: s.index + 1, load: loadId };
  }

  function fail(t: { title: string; description: string }, text: string) {
    store.setState({ playing: false, error: text });
    deps.notify(t);
  }

  async function onError(el: AudioLike, id: number) {
    // A restored song that no longer loads (deleted, unpublished) is dropped quietly.
    if (id === cuedId) return store.setState({ queue: [], index: 0, context: null, time: 0, duration: 0, playing: false });
    const code = el.error?.code ?? 0;
    const url = store.getState().queue[store.getState().index]?.audioUrl;
    if (code === 1) return fail(PLAYBACK_TOASTS.cancelled, AUDIO_ERROR_TEXT[1]!);
    // Chromium gives a 404 or 500 answer the same code as a corrupt file: ask the server.
    const network = code === 2 || ((code === 3 || code === 4) && url !== undefined && !(await deps.probe(url)));
    if (id !== loadId) return;
    if (!network) return fail(code === 3 || code === 4 ? PLAYBACK_TOASTS.format : PLAYBACK_TOASTS.other, AUDIO_ERROR_TEXT[code] ?? UNKNOWN_AUDIO_ERROR);
    if (attempts >= 3) return fail(PLAYBACK_TOASTS.connection, RETRIES_EXHAUSTED);
    later(() => begin(id, 0), RETRY_DELAYS_MS[attempts - 1] ?? 1000);
  }

  const store = create<PlayerState>((set, get) => ({
    queue: [],
    index: 0,
    context: null,
    playing: false,
    loop: false,
    volume: 1,
    normalisation: 'auto',
    hiding: false,
    error: null,
    time: 0,
    duration: 0,
    start(queue, index, context) {
      if (!queue[index]) return;
      const first = !get().queue[get().index];
      set({ queue, context });
      load(index, first ? 'first' : 'change');
    },
    toggle() {
      if (!get().queue[get().index] || !current) return;
      // After a failed load, play tries the song again from the start (the toasts offer a retry).
      if (get().error) return load(get().index, 'first');
      const el = current;
      if (el.paused) {
        // The listener asked for it now: a later failure is reported and retried as usual.
        cuedId = -1;
        // Playing again after a stop keeps the song: the pending hide is called off.
        cancelPending();
        set({ hiding: false });
        void play(el, loadId, FADE.in);
      }
      else fader.fade(el, 0, FADE.out, () => el.pause());
    },
    next() {
      if (hasNext(get())) load(get().index + 1, 'change');
    },
    previous() {
      if (hasPrevious(get())) load(get().index - 1, 'change');
    },
    seek(seconds) {
      if (!current) return;
      const max = Number.isFinite(current.duration) ? current.duration : get().duration;
      current.currentTime = Math.max(0, Math.min(max, seconds));
      set({ time: current.currentTime });
    },
    restart() {
      get().seek(0);
    },
    setLoop: (loop) => set({ loop }),
    setVolume(volume) {
      const v = Math.max(0, Math.min(1, volume));
      set({ volume: v });
      // A fade towards silence (pause, track change) finishes; anything else takes the new level now.
      if (!current || fader.target() === 0) return;
      fader.cancel();
      level.set(current, v);
    },
    setNormalisation(normalisation) {
      if (normalisation === get().normalisation) return;
      set({ normalisation });
      if (!current) return;
      const keep = level.get(current);
      levelFor(current, get().queue[get().index]);
      if (fader.target() === null) level.set(current, keep);
    },
    cue(queue, index, context, at) {
      const track = queue[index];
      if (!track || get().queue[get().index]) return;
      cuedId = ++loadId;
      const el = element();
      set({ queue, index, context, time: at, duration: track.duration, playing: false });
      // Only the metadata until the listener presses play; the position is the start position.
      el.preload = 'metadata';
      levelFor(el, track);
      el.src = track.audioUrl;
      el.currentTime = at;
    },
  }));
  const playerAudio = () => current;
  /** Scales whatever plays (1 = the listener's level); the sleep timer's fade sets it. */
  const setDim = (factor: number) => {
    dim = Math.max(0, Math.min(1, factor));
    if (current) apply(current);
  };
  return Object.assign(store, { playerAudio, setDim });
}
