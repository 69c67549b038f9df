ALTER TABLE `songs` ADD `track_gain` real;--> statement-breakpoint
ALTER TABLE `songs` ADD `album_gain` real;--> statement-breakpoint
ALTER TABLE `songs` ADD `track_peak` real;--> statement-breakpoint
ALTER TABLE `songs` ADD `album_peak` real;--> statement-breakpoint
ALTER TABLE `songs` ADD `loudness` real;--> statement-breakpoint
ALTER TABLE `songs` ADD `loudness_status` text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE `songs` ADD `loudness_error` text;--> statement-breakpoint
CREATE INDEX `songs_loudness_pending_idx` ON `songs` (`id`) WHERE "songs"."loudness_status" = 'pending';