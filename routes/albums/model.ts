import { t } from 'elysia';

/** Spec §3 Album, as the API returns it. */
export const albumDto = t.Object({
  id: t.Number(),
  name: t.String(),
  artworkUrl: t.Nullable(t.String()),
  shareId: t.String(),
  createdAt: t.String(),
  deletedAt: t.Nullable(t.String()),
});

export const albumList = t.Array(albumDto);

export const albumNameBody = t.Object(
  { name: t.String({ maxLength: 10_000 }) },
  { error: 'name is required and must be text' },
);
