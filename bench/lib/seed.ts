import type { Db } from '../../db/client.ts';
import { randomId } from '../../src/shared/ids.ts';

const NO_AUDIO = 'No audio in the bench catalogue';
const WORDS = ['love', 'night', 'river', 'golden', 'heart', 'summer', 'blue', 'road', 'dream', 'fire', 'moon', 'home'];

/**
 * The benchmark catalogue (docs/architecture.md, Budgets): 50,000 songs, 500 albums, 200 playlists, written with raw SQL in
 * one transaction (seconds, not minutes). Deterministic, so runs compare.
 */
export function seedCatalogue(db: Db, counts = { songs: 50_000, albums: 500, playlists: 200 }): void {
  const sqlite = db.$client;
  sqlite.transaction(() => {
    const owner = sqlite.query('SELECT id FROM users ORDER BY id LIMIT 1').get() as { id: number } | null;
    if (!owner) throw new Error('seedCatalogue needs a user to own the playlists');
    const userId = owner.id;
    const album = sqlite.prepare('INSERT INTO albums (name, share_id) VALUES (?, ?)');
    for (let a = 1; a <= counts.albums; a++) album.run(`Album ${WORDS[a % WORDS.length]} ${a}`, randomId());
    const song = sqlite.prepare(
      // No audio behind them: their loudness is failed from the start, so the job logs nothing for each.
      `INSERT INTO songs (title, artist, album_id, album_order, audio_hash, audio_format, duration, file_size, status, share_id, tags, loudness_status, loudness_error)
       VALUES (?, ?, ?, ?, ?, 'mp3', 200, 4000000, 'published', ?, '[]', 'failed', '${NO_AUDIO}')`,
    );
    for (let s = 1; s <= counts.songs; s++) {
      const title = `${WORDS[s % WORDS.length]} ${WORDS[(s * 7) % WORDS.length]} ${s}`;
      const hash = s.toString(16).padStart(64, '0');
      song.run(title, `Artist ${s % 997}`, (s % counts.albums) + 1, s % 20, hash, randomId());
    }
    const playlist = sqlite.prepare('INSERT INTO playlists (name, share_id, user_id) VALUES (?, ?, ?)');
    const entry = sqlite.prepare('INSERT INTO playlist_entries (playlist_id, song_id, position) VALUES (?, ?, ?)');
    for (let p = 1; p <= counts.playlists; p++) {
      playlist.run(`Playlist ${p}`, randomId(), userId);
      for (let i = 0; i < 25; i++) entry.run(p, ((p * 31 + i * 97) % counts.songs) + 1, i);
    }
  })();
}

const GENRES = ['Rock', 'Jazz', 'Folk', 'Pop', 'Blues', 'Soul', 'Metal', 'Ambient'];

/** Gives every seeded song one of 8 genres and a year (1960–2019). Runs inside the caller's transaction. */
export function tagSeededSongs(db: Db): void {
  db.$client.run(`UPDATE songs SET genres = json_array(json_extract(?, '$[' || (id % ${GENRES.length}) || ']')), year = 1960 + id % 60`, [JSON.stringify(GENRES)]);
}

/**
 * For songs a bench made without audio (seedCatalogue's are so from the start): their loudness is
 * failed, so the loudness job neither logs a failure for each nor keeps the server busy at start.
 */
export function markWithoutAudio(db: Db): void {
  db.$client.run(`UPDATE songs SET loudness_status = 'failed', loudness_error = '${NO_AUDIO}'`);
}
