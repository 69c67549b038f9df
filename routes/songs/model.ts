import { t } from 'elysia';
import { SONG_STATUSES } from '../../src/shared/enums.ts';

export const BULK_MAX = 1000;

export const idParams = t.Object({ id: t.String() });

const nullableText = t.Nullable(t.String({ maxLength: 10_000 }));

export const songPatchBody = t.Object(
  {
    title: t.Optional(t.String({ maxLength: 10_000 })),
    artist: t.Optional(nullableText),
    tags: t.Optional(t.Array(t.String({ maxLength: 10_000 }), { maxItems: 1000 })),
    albumId: t.Optional(t.Nullable(t.Integer({ minimum: 1 }))),
    artworkUrl: t.Optional(nullableText),
  },
  { additionalProperties: false },
);

export const statusBody = t.Object(
  { status: t.UnionEnum(SONG_STATUSES) },
  { error: `status must be one of ${SONG_STATUSES.join(', ')}` },
);

export const bulkParams = t.Object({ action: t.String() });

export const bulkBody = t.Object(
  { songIds: t.Array(t.Integer({ minimum: 1 }), { minItems: 1, maxItems: BULK_MAX }) },
  { error: `songIds must be a list of 1 to ${BULK_MAX} song ids` },
);
