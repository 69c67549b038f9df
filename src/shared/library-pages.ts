/**
 * The library's pages (GET /api/songs/page): the first is small so its rows show at once,
 * later ones are large so a long scroll needs few requests. No TypeBox here: islands load it.
 */
export const FIRST_PAGE_SIZE = 100;
export const SONG_PAGE_MAX = 1000;
/** Songs asked for at once by id (GET /api/songs/all/rows, GET /api/songs/visible). */
export const SONGS_BY_ID_MAX = 200;
