/** Songs longer than this keep their position per person (stories, audiobooks, radio plays). */
export const LONG_SONG_SECONDS = 600;
/** A position this close to the end counts as finished: the song leaves Continue listening. */
export const FINISHED_WITHIN_SECONDS = 30;

export const isLongSong = (durationSeconds: number) => durationSeconds > LONG_SONG_SECONDS;
export const isFinished = (positionSeconds: number, durationSeconds: number) => positionSeconds >= durationSeconds - FINISHED_WITHIN_SECONDS;
