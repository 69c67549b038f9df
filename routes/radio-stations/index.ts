import { Elysia } from 'elysia';
import type { AppContext } from '../../src/app-context.ts';
import { createStation, listStations, removeStation, updateStation } from '../../src/services/radio/stations.ts';
import { radioStationBody, radioStationIdParams, radioStationListSchema, radioStationSchema } from '../../src/shared/schemas/radio-station.ts';

/** `/api/radio-stations`, admin only: the internet radio stations phone apps list (Settings). */
export function radioStationRoutes(ctx: AppContext) {
  return new Elysia({ name: 'radio-station-routes', prefix: '/api/radio-stations' })
    .use(ctx.auth)
    .get('', () => listStations(ctx.db), { admin: true, response: radioStationListSchema })
    .post(
      '',
      ({ body, set }) => {
        set.status = 201;
        return createStation(ctx.db, body);
      },
      { admin: true, body: radioStationBody, response: { 201: radioStationSchema } },
    )
    .patch('/:id', ({ params, body }) => updateStation(ctx.db, params.id, body), { admin: true, params: radioStationIdParams, body: radioStationBody, response: radioStationSchema })
    .delete(
      '/:id',
      ({ params, set }) => {
        removeStation(ctx.db, params.id);
        set.status = 204;
      },
      { admin: true, params: radioStationIdParams },
    );
}
