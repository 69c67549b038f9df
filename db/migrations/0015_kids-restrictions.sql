ALTER TABLE `songs` ADD `explicit` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `restrict_clean` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `restrict_album_ids` text;