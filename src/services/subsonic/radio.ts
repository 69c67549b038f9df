import type { Db } from '../../../db/client.ts';
import type { UserRow } from '../../../db/schema/index.ts';
import { createStation, listStations, removeStation, updateStation } from '../radio/stations.ts';
import { notAuthorised } from './errors.ts';
import type { Params } from './params.ts';
import type { XmlObject } from './xml.ts';

// Internet radio stations through the apps: everyone lists them, admins add, change and remove
// them (the same rules as Settings; a refused address is error 0 with the reason).

export function radioStations(db: Db): XmlObject {
  const internetRadioStation = listStations(db).map((station) => ({
    id: String(station.id),
    name: station.name,
    streamUrl: station.streamUrl,
    homePageUrl: station.homepageUrl ?? undefined,
  }));
  return { internetRadioStations: { internetRadioStation } };
}

function requireAdmin(user: UserRow): void {
  if (!user.isAdmin) throw notAuthorised('Only an admin can change the radio stations');
}

const stationOf = (params: Params) => ({ name: params.required('name'), streamUrl: params.required('streamUrl'), homepageUrl: params.get('homepageUrl') ?? null });

export function createRadioStation(db: Db, user: UserRow, params: Params): XmlObject {
  requireAdmin(user);
  createStation(db, stationOf(params));
  return {};
}

export function updateRadioStationOf(db: Db, user: UserRow, params: Params): XmlObject {
  requireAdmin(user);
  updateStation(db, params.required('id'), stationOf(params));
  return {};
}

export function deleteRadioStationOf(db: Db, user: UserRow, params: Params): XmlObject {
  requireAdmin(user);
  removeStation(db, params.required('id'));
  return {};
}
