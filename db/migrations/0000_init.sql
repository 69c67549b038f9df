CREATE TABLE `albums` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`artwork_url` text,
	`share_id` text NOT NULL,
	`user_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`deleted_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `albums_share_id_unique` ON `albums` (`share_id`);--> statement-breakpoint
CREATE INDEX `albums_deleted_idx` ON `albums` (`deleted_at`);--> statement-breakpoint
CREATE TABLE `playlist_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`playlist_id` integer NOT NULL,
	`song_id` integer NOT NULL,
	`position` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`playlist_id`) REFERENCES `playlists`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`song_id`) REFERENCES `songs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `playlist_entries_song_unique` ON `playlist_entries` (`playlist_id`,`song_id`);--> statement-breakpoint
CREATE INDEX `playlist_entries_order_idx` ON `playlist_entries` (`playlist_id`,`position`);--> statement-breakpoint
CREATE INDEX `playlist_entries_song_idx` ON `playlist_entries` (`song_id`);--> statement-breakpoint
CREATE TABLE `playlists` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`artwork_url` text,
	`share_id` text NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`deleted_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `playlists_share_id_unique` ON `playlists` (`share_id`);--> statement-breakpoint
CREATE INDEX `playlists_user_idx` ON `playlists` (`user_id`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `songs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`artist` text,
	`tags` text DEFAULT '[]' NOT NULL,
	`album_id` integer,
	`album_order` integer,
	`artwork_url` text,
	`audio_hash` text NOT NULL,
	`audio_format` text NOT NULL,
	`audio_path` text,
	`duration` real DEFAULT 0 NOT NULL,
	`file_size` integer DEFAULT 0 NOT NULL,
	`original_filename` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`user_id` integer,
	`share_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`deleted_at` integer,
	FOREIGN KEY (`album_id`) REFERENCES `albums`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `songs_share_id_unique` ON `songs` (`share_id`);--> statement-breakpoint
CREATE INDEX `songs_album_idx` ON `songs` (`album_id`);--> statement-breakpoint
CREATE INDEX `songs_audio_hash_idx` ON `songs` (`audio_hash`);--> statement-breakpoint
CREATE INDEX `songs_status_deleted_idx` ON `songs` (`status`,`deleted_at`);--> statement-breakpoint
CREATE TABLE `temp_shares` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`share_id` text NOT NULL,
	`title` text NOT NULL,
	`shared_by` text,
	`audio_hash` text NOT NULL,
	`audio_format` text NOT NULL,
	`duration` real DEFAULT 0 NOT NULL,
	`file_size` integer DEFAULT 0 NOT NULL,
	`original_filename` text,
	`user_id` integer,
	`uploader_ip` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`expires_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `temp_shares_share_id_unique` ON `temp_shares` (`share_id`);--> statement-breakpoint
CREATE INDEX `temp_shares_expires_idx` ON `temp_shares` (`expires_at`);--> statement-breakpoint
CREATE INDEX `temp_shares_audio_hash_idx` ON `temp_shares` (`audio_hash`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`username` text NOT NULL,
	`password_hash` text NOT NULL,
	`is_admin` integer DEFAULT false NOT NULL,
	`display_preference` text DEFAULT 'nothing' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
