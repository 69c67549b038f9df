import type { Db } from '../../../db/client.ts';
import { deleteRadioStation, findRadioStation, insertRadioStation, listRadioStations, updateRadioStation } from '../../../db/queries/phone-apps.ts';
import type { UserRow } from '../../../db/schema/index.ts';
import { SUBSONIC_ERROR, SubsonicError, notAuthorised, notFound } from './errors.ts';
import { type Params, numericId } from './params.ts';
import type { XmlObject } from './xml.ts';

// Internet radio stations: everyone lists them, admins add, change and remove them.

export function radioStations(db: Db): XmlObject {
  const internetRadioStation = listRadioStations(db).map((station) => ({
    id: String(station.id),
    name: station.name,
    streamUrl: station.streamUrl,
    homePageUrl: station.homepageUrl ?? undefined,
  }));
  return { internetRadioStations: { internetRadioStation } };
}

/** An http(s) address, at most 2,000 characters; else error 0 naming the parameter. */
function webAddress(params: Params, name: string, required: boolean): string | null {
  const raw = required ? params.required(name) : params.get(name);
  if (!raw) return null;
  const url = raw.length <= 2000 ? URL.parse(raw) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new SubsonicError(SUBSONIC_ERROR.generic, `${name} must be an http or https address`);
  return url.href;
}

function stationOf(params: Params) {
  const name = params.required('name').trim().slice(0, 200);
  if (!name) throw new SubsonicError(SUBSONIC_ERROR.missingParameter, 'Required parameter is missing: name');
  return { name, streamUrl: webAddress(params, 'streamUrl', true)!, homepageUrl: webAddress(params, 'homepageUrl', false) };
}

function requireAdmin(user: UserRow): void {
  if (!user.isAdmin) throw notAuthorised('Only an admin can change the radio stations');
}

function requireStation(db: Db, raw: string) {
  const id = numericId(raw, '', true);
  const station = id === null ? undefined : findRadioStation(db, id);
  if (!station) throw notFound('Radio station');
  return station;
}

export function createRadioStation(db: Db, user: UserRow, params: Params): XmlObject {
  requireAdmin(user);
  insertRadioStation(db, stationOf(params));
  return {};
}

export function updateRadioStationOf(db: Db, user: UserRow, params: Params): XmlObject {
  requireAdmin(user);
  const station = requireStation(db, params.required('id'));
  updateRadioStation(db, station.id, stationOf(params));
  return {};
}

export function deleteRadioStationOf(db: Db, user: UserRow, params: Params): XmlObject {
  requireAdmin(user);
  deleteRadioStation(db, requireStation(db, params.required('id')).id);
  return {};
}
