CREATE TABLE `song_lyrics` (
	`song_id` integer PRIMARY KEY NOT NULL,
	`synced` integer NOT NULL,
	`lines` text NOT NULL,
	`lang` text,
	`source` text NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`song_id`) REFERENCES `songs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `songs` ADD `has_lyrics` integer DEFAULT false NOT NULL;