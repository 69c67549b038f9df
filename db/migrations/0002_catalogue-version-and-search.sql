-- A catalogue version for HTTP caching of the song lists: bumped by triggers on every write to
-- songs or albums, so writes from any process (the CLI too) invalidate the server's cache.
-- It starts at the creation time in ms, so a fresh database never reuses an old ETag.
CREATE TABLE `catalogue_version` (
  `id` integer PRIMARY KEY NOT NULL CHECK (`id` = 1),
  `version` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `catalogue_version` (`id`, `version`) VALUES (1, cast(unixepoch('subsec') * 1000 as integer));
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_song_insert` AFTER INSERT ON `songs` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_song_update` AFTER UPDATE ON `songs` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_song_delete` AFTER DELETE ON `songs` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_album_insert` AFTER INSERT ON `albums` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_album_update` AFTER UPDATE ON `albums` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_album_delete` AFTER DELETE ON `albums` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
-- Search: the FTS album column holds the name of a LIVE album only, so a trashed album's name
-- no longer finds its (live) songs; restoring the album brings the name back.
DROP TRIGGER `songs_fts_after_insert`;
--> statement-breakpoint
CREATE TRIGGER `songs_fts_after_insert` AFTER INSERT ON `songs` BEGIN
  INSERT INTO `songs_fts` (rowid, title, artist, album)
  VALUES (new.id, new.title, coalesce(new.artist, ''),
    coalesce((SELECT name FROM albums WHERE id = new.album_id AND deleted_at IS NULL), ''));
END;
--> statement-breakpoint
DROP TRIGGER `songs_fts_after_update`;
--> statement-breakpoint
CREATE TRIGGER `songs_fts_after_update` AFTER UPDATE OF title, artist, album_id ON `songs` BEGIN
  DELETE FROM `songs_fts` WHERE rowid = old.id;
  INSERT INTO `songs_fts` (rowid, title, artist, album)
  VALUES (new.id, new.title, coalesce(new.artist, ''),
    coalesce((SELECT name FROM albums WHERE id = new.album_id AND deleted_at IS NULL), ''));
END;
--> statement-breakpoint
DROP TRIGGER `albums_fts_after_rename`;
--> statement-breakpoint
CREATE TRIGGER `albums_fts_after_rename_or_trash` AFTER UPDATE OF name, deleted_at ON `albums` BEGIN
  UPDATE `songs_fts` SET album = CASE WHEN new.deleted_at IS NULL THEN new.name ELSE '' END
  WHERE rowid IN (SELECT id FROM songs WHERE album_id = new.id);
END;
--> statement-breakpoint
UPDATE `songs_fts` SET album = ''
WHERE rowid IN (SELECT s.id FROM songs s JOIN albums a ON a.id = s.album_id WHERE a.deleted_at IS NOT NULL);
