CREATE TABLE `plays` (
	`user_id` integer NOT NULL,
	`song_id` integer NOT NULL,
	`play_count` integer DEFAULT 0 NOT NULL,
	`last_played_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `song_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`song_id`) REFERENCES `songs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `plays_recent_idx` ON `plays` (`user_id`,`last_played_at`);--> statement-breakpoint
CREATE TABLE `stars` (
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`item_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`user_id`, `kind`, `item_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `stars_recent_idx` ON `stars` (`user_id`,`kind`,`created_at`);