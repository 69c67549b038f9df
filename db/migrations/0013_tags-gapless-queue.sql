ALTER TABLE `play_queues` ADD `context` text;--> statement-breakpoint
ALTER TABLE `playlists` ADD `comment` text;--> statement-breakpoint
ALTER TABLE `playlists` ADD `public` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `songs` ADD `genres` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `songs` ADD `year` integer;--> statement-breakpoint
ALTER TABLE `songs` ADD `disc_number` integer;--> statement-breakpoint
ALTER TABLE `songs` ADD `track_number` integer;--> statement-breakpoint
ALTER TABLE `songs` ADD `encoder_delay` integer;--> statement-breakpoint
ALTER TABLE `songs` ADD `encoder_padding` integer;--> statement-breakpoint
ALTER TABLE `songs` ADD `sample_rate` integer;