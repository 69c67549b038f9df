import { t } from 'elysia';
import { albumDto } from '../albums/model.ts';
import { songDto } from '../songs/model.ts';

const daysRemaining = t.Object({ daysRemaining: t.Number() });

export const deletedSongList = t.Array(t.Composite([songDto, daysRemaining]));
export const deletedAlbumList = t.Array(t.Composite([albumDto, daysRemaining]));
