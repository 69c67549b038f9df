import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { RadioStationDto, RadioStationInput } from '../../../src/shared/types.ts';
import { radioStationApi, radioStationKeys, useRadioStations } from '../../lib/api/radio-stations.ts';
import { messageOf } from '../../lib/api/request.ts';
import { AlertDialog, AlertDialogContent } from '../../ui/alert-dialog.tsx';
import { Button } from '../../ui/button.tsx';
import { toast } from '../../ui/toast-store.ts';
import { RadioStationDialog } from './radio-station-dialog.tsx';
import { SettingsCard, SettingsList } from './settings-card.tsx';
import { iconPencil, iconRadio, iconTrash2 } from '../../../src/shared/lucide-icons.ts';
import { Icon } from '../../ui/icon.tsx';

type Editing = { station: RadioStationDto | null } | null;

/** Internet radio: the stations phone apps list for everyone; admins add, edit and delete them. */
export function RadioStationsSection() {
  const stations = useRadioStations();
  const client = useQueryClient();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<RadioStationDto | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: radioStationKeys.list });
  const save = useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: RadioStationInput }) => (id === null ? radioStationApi.create(input) : radioStationApi.update(id, input)),
    onSuccess: (saved, { id }) => toast({ title: id === null ? 'Station added' : 'Station saved', description: `"${saved.name}" is listed in phone apps` }),
    onError: (error) => toast({ title: 'Failed to save station', description: messageOf(error, 'Please try again'), variant: 'destructive' }),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (station: RadioStationDto) => radioStationApi.remove(station.id),
    onSuccess: (_nothing, station) => toast({ title: 'Station deleted', description: `"${station.name}" is no longer listed` }),
    onError: (error) => toast({ title: 'Failed to delete station', description: messageOf(error, 'Please try again'), variant: 'destructive' }),
    onSettled: () => {
      setDeleting(null);
      return refresh();
    },
  });

  return (
    <SettingsCard
      title="Internet Radio"
      description="Stations phone apps list for everyone to play."
      action={
        <Button variant="outline" onClick={() => setEditing({ station: null })}>
          <Icon svg={iconRadio} className="text-base" />
          Add Station
        </Button>
      }
    >
      <SettingsList query={stations} what="radio stations" label="Radio stations" empty="No radio stations" skeletonRows={1}>
        {(station) => (
          <li key={station.id} data-testid="radio-station-row" className="flex items-center gap-3 px-3 py-2.5">
            <Icon svg={iconRadio} className="hidden shrink-0 text-xl text-muted-foreground sm:block" />
            <div className="grid min-w-0 flex-1 gap-0.5">
              <span className="truncate font-medium">{station.name}</span>
              <span className="truncate text-sm text-muted-foreground">{station.streamUrl}</span>
            </div>
            <Button variant="ghost" size="icon" aria-label={`Edit ${station.name}`} onClick={() => setEditing({ station })}>
              <Icon svg={iconPencil} className="text-xl" />
            </Button>
            <Button variant="ghost" size="icon" aria-label={`Delete ${station.name}`} onClick={() => setDeleting(station)}>
              <Icon svg={iconTrash2} className="text-xl text-destructive-text" />
            </Button>
          </li>
        )}
      </SettingsList>
      <RadioStationDialog
        station={editing?.station ?? null}
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        busy={save.isPending}
        onSubmit={(input) => save.mutateAsync({ id: editing?.station?.id ?? null, input })}
      />
      <AlertDialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        {deleting ? (
          <AlertDialogContent
            title="Delete Station?"
            description={`"${deleting.name}" will no longer be listed in phone apps.`}
            confirmLabel="Delete"
            busy={remove.isPending}
            onConfirm={() => remove.mutate(deleting)}
          />
        ) : null}
      </AlertDialog>
    </SettingsCard>
  );
}
