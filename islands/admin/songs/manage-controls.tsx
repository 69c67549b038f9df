import { useId } from 'react';
import type { AlbumDto, DisplayPreference } from '../../../src/shared/types.ts';
import { DISPLAY_OPTIONS, isDisplayPreference, useSetDisplayPreference } from '../../account/display-preference.ts';
import { Button } from '../../ui/button.tsx';
import { Label, NativeSelect } from '../../ui/input.tsx';
import { type AlbumFilter, SORT_OPTIONS, type SongSort } from './song-order.ts';
import { iconSquareCheckBig, iconSquareMinus } from '../../../src/shared/lucide-icons.ts';
import { Icon } from '../../ui/icon.tsx';

interface ManageControlsProps {
  albums: AlbumDto[];
  filter: AlbumFilter;
  onFilter: (filter: AlbumFilter) => void;
  sort: SongSort;
  onSort: (sort: SongSort) => void;
  display: DisplayPreference;
  allSelected: boolean;
  canSelect: boolean;
  onSelectAll: () => void;
  onDeselectAll: () => void;
}

/** Manage Songs controls: album filter, sort, the user's display preference, select all. */
export function ManageControls(props: ManageControlsProps) {
  const ids = { filter: useId(), sort: useId(), display: useId() };
  const saveDisplay = useSetDisplayPreference();
  return (
    <div role="group" aria-label="List options" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_auto] lg:items-end">
      <div className="grid gap-1.5">
        <Label htmlFor={ids.filter}>Album</Label>
        <NativeSelect id={ids.filter} value={props.filter} onChange={(event) => props.onFilter(event.target.value as AlbumFilter)}>
          <option value="all">All Albums</option>
          <option value="none">None</option>
          {props.albums.map((album) => (
            <option key={album.id} value={String(album.id)}>
              {album.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={ids.sort}>Sort</Label>
        <NativeSelect id={ids.sort} value={props.sort} onChange={(event) => props.onSort(event.target.value as SongSort)}>
          {SORT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={ids.display}>Display</Label>
        <NativeSelect
          id={ids.display}
          value={props.display}
          onChange={(event) => isDisplayPreference(event.target.value) && saveDisplay(event.target.value)}
        >
          {DISPLAY_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button variant="outline" disabled={!props.canSelect} onClick={props.allSelected ? props.onDeselectAll : props.onSelectAll}>
        <Icon svg={props.allSelected ? iconSquareMinus : iconSquareCheckBig} />
        {props.allSelected ? 'Deselect All' : 'Select All'}
      </Button>
    </div>
  );
}
