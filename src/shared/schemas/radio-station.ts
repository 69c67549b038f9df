import { type Static, Type } from '@sinclair/typebox';
import { nullable } from './common.ts';

/** An internet radio station, listed to phone apps (getInternetRadioStations) and in Settings. */
export const radioStationSchema = Type.Object({
  id: Type.Number(),
  name: Type.String(),
  streamUrl: Type.String(),
  homepageUrl: nullable(Type.String()),
});
export type RadioStationDto = Static<typeof radioStationSchema>;

export const radioStationListSchema = Type.Array(radioStationSchema);

export const RADIO_NAME_MAX = 200;
export const RADIO_URL_MAX = 2000;

/** `POST /api/radio-stations` and `PATCH /api/radio-stations/:id` (admins): the whole station. */
export const radioStationBody = Type.Object(
  {
    name: Type.String({ maxLength: RADIO_NAME_MAX * 2 }),
    streamUrl: Type.String({ maxLength: RADIO_URL_MAX }),
    homepageUrl: Type.Optional(nullable(Type.String({ maxLength: RADIO_URL_MAX }))),
  },
  { additionalProperties: false },
);
export type RadioStationInput = Static<typeof radioStationBody>;

export const radioStationIdParams = Type.Object({ id: Type.String({ maxLength: 20 }) });
