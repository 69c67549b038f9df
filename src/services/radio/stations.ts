import type { Db } from '../../../db/client.ts';
import { deleteRadioStation, findRadioStation, insertRadioStation, listRadioStations, updateRadioStation } from '../../../db/queries/phone-apps.ts';
import type { RadioStationRow } from '../../../db/schema/index.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import { RADIO_NAME_MAX, RADIO_URL_MAX, type RadioStationDto, type RadioStationInput } from '../../shared/schemas/radio-station.ts';

// Internet radio stations: admins keep the list (Settings, or a phone app), everyone plays them.

const STATION_NOT_FOUND = 'Radio station not found';

const toDto = (row: RadioStationRow): RadioStationDto => ({ id: row.id, name: row.name, streamUrl: row.streamUrl, homepageUrl: row.homepageUrl });

export function listStations(db: Db): RadioStationDto[] {
  return listRadioStations(db).map(toDto);
}

/** An http(s) address, or a 400 naming the field. */
function webAddress(raw: string, field: string): string {
  const url = raw.length <= RADIO_URL_MAX ? URL.parse(raw.trim()) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new BadRequestError(`${field} must be an http or https address`);
  return url.href;
}

function cleanStation(input: RadioStationInput) {
  const name = input.name.trim();
  if (!name) throw new BadRequestError('A station needs a name');
  if (name.length > RADIO_NAME_MAX) throw new BadRequestError(`A station name is at most ${RADIO_NAME_MAX} characters`);
  const homepage = input.homepageUrl?.trim();
  return { name, streamUrl: webAddress(input.streamUrl, 'The stream URL'), homepageUrl: homepage ? webAddress(homepage, 'The home page') : null };
}

/** A station by its id as the API spells it ("3"), or a 404. */
export function requireStation(db: Db, rawId: string): RadioStationDto {
  const found = /^[1-9]\d{0,15}$/.test(rawId) ? findRadioStation(db, Number(rawId)) : undefined;
  if (!found) throw new NotFoundError(STATION_NOT_FOUND);
  return toDto(found);
}

export function createStation(db: Db, input: RadioStationInput): RadioStationDto {
  return toDto(insertRadioStation(db, cleanStation(input)));
}

export function updateStation(db: Db, rawId: string, input: RadioStationInput): RadioStationDto {
  const { id } = requireStation(db, rawId);
  updateRadioStation(db, id, cleanStation(input));
  return requireStation(db, rawId);
}

export function removeStation(db: Db, rawId: string): void {
  deleteRadioStation(db, requireStation(db, rawId).id);
}
