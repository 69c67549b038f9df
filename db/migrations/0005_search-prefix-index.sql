-- Every search word is a prefix term ("a"*): without a prefix index FTS5 merges the doclists of
-- every token starting with it (all 50,000 songs for "a", ~25 ms). Prefix indexes for 1 to 3
-- characters make those one lookup. The triggers of 0001/0002 name the table, so they carry on.
DROP TABLE `songs_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `songs_fts` USING fts5(title, artist, album, tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3');
--> statement-breakpoint
INSERT INTO `songs_fts` (rowid, title, artist, album)
SELECT s.id, s.title, coalesce(s.artist, ''), coalesce(a.name, '')
FROM `songs` s LEFT JOIN `albums` a ON a.id = s.album_id AND a.deleted_at IS NULL;
