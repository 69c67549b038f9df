-- Usernames are unique regardless of case ("Mum" and "mum" are one person).
CREATE UNIQUE INDEX `users_username_nocase_unique` ON `users` (`username` COLLATE NOCASE);
--> statement-breakpoint
-- Full-text index over song title, artist and album name; rowid is songs.id.
-- remove_diacritics makes "Beyonce" find "Beyoncé".
CREATE VIRTUAL TABLE `songs_fts` USING fts5(title, artist, album, tokenize = 'unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER `songs_fts_after_insert` AFTER INSERT ON `songs` BEGIN
  INSERT INTO `songs_fts` (rowid, title, artist, album)
  VALUES (new.id, new.title, coalesce(new.artist, ''), coalesce((SELECT name FROM albums WHERE id = new.album_id), ''));
END;
--> statement-breakpoint
CREATE TRIGGER `songs_fts_after_update` AFTER UPDATE OF title, artist, album_id ON `songs` BEGIN
  DELETE FROM `songs_fts` WHERE rowid = old.id;
  INSERT INTO `songs_fts` (rowid, title, artist, album)
  VALUES (new.id, new.title, coalesce(new.artist, ''), coalesce((SELECT name FROM albums WHERE id = new.album_id), ''));
END;
--> statement-breakpoint
CREATE TRIGGER `songs_fts_after_delete` AFTER DELETE ON `songs` BEGIN
  DELETE FROM `songs_fts` WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `albums_fts_after_rename` AFTER UPDATE OF name ON `albums` BEGIN
  UPDATE `songs_fts` SET album = new.name WHERE rowid IN (SELECT id FROM songs WHERE album_id = new.id);
END;
--> statement-breakpoint
CREATE TRIGGER `albums_fts_after_delete` AFTER DELETE ON `albums` BEGIN
  UPDATE `songs_fts` SET album = '' WHERE rowid IN (SELECT id FROM songs WHERE album_id = old.id);
END;
--> statement-breakpoint
-- Library and album lists sort by name case-insensitively in the database.
CREATE INDEX `songs_title_nocase_idx` ON `songs` (`title` COLLATE NOCASE);
--> statement-breakpoint
CREATE INDEX `albums_name_nocase_idx` ON `albums` (`name` COLLATE NOCASE);
