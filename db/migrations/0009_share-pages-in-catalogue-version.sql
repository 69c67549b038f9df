-- The public share pages are cached per catalogue version, so it moves on every write a share
-- page shows besides songs and albums: a playlist's name, artwork, trash state and songs, and a
-- temporary share taken down. (New playlists and shares change no page that exists yet.)
CREATE TRIGGER `catalogue_version_playlists_update` AFTER UPDATE ON `playlists` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_playlists_delete` AFTER DELETE ON `playlists` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_playlist_entries_insert` AFTER INSERT ON `playlist_entries` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_playlist_entries_update` AFTER UPDATE ON `playlist_entries` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_playlist_entries_delete` AFTER DELETE ON `playlist_entries` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_temp_shares_update` AFTER UPDATE ON `temp_shares` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_temp_shares_delete` AFTER DELETE ON `temp_shares` BEGIN
  UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
