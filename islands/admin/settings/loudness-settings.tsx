import { NORMALISATION_MODES, type NormalisationMode } from '../../../src/shared/enums.ts';
import type { SettingsDto } from '../../../src/shared/types.ts';
import { Label } from '../../ui/input.tsx';
import { Select } from '../../ui/select.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { LoadFailed, SettingsCard } from './settings-card.tsx';
import { useSettings } from '../../lib/api/settings.ts';
import { usePlayer } from '../../player/player-store.ts';
import { useSaveSettings } from './settings-queries.ts';

const LABELS: Record<NormalisationMode, string> = { off: 'Off', track: 'Every song alike (track)', auto: 'Albums as a whole (auto)' };
const OPTIONS = NORMALISATION_MODES.map((value) => ({ value, label: LABELS[value] }));

/** '12 measured · 3 waiting · 1 failed': where the background measurement stands. */
export const loudnessCounts = ({ measured, pending, failed }: SettingsDto['loudness']) => `${measured} measured · ${pending} waiting · ${failed} failed`;

/** The family's normalisation and the measurement's progress, failures named with their reason. */
export function LoudnessSettings() {
  const settings = useSettings();
  const save = useSaveSettings();
  const loudness = settings.data?.loudness;
  return (
    <SettingsCard title="Loudness" description="Hearth measures how loud every song is and plays them all at the same level, on this site and on share pages.">
      {settings.isError ? <LoadFailed what="settings" onRetry={() => void settings.refetch()} /> : null}
      {settings.isPending ? <Skeleton className="h-16 w-full max-w-xs" /> : null}
      {settings.data && loudness ? (
        <div className="grid gap-3">
          <div className="grid max-w-xs gap-2">
            <Label htmlFor="normalisation">Normalisation</Label>
            <Select<NormalisationMode> id="normalisation" value={settings.data.normalisation} onChange={(normalisation) => save.mutate({ normalisation }, { onSuccess: () => usePlayer.getState().setNormalisation(normalisation) })} options={OPTIONS} />
          </div>
          <p data-testid="loudness-counts" className="text-sm">
            {loudnessCounts(loudness)}
          </p>
          {settings.data.ffmpegVersion ? null : (
            <p className="text-sm text-muted-foreground">ffmpeg was not found when Hearth started: songs play at the ReplayGain level written in their files, if any.</p>
          )}
          {loudness.failures.length > 0 ? (
            <ul aria-label="Songs that could not be measured" className="grid gap-1 text-sm">
              {loudness.failures.map((failure) => (
                <li key={failure.id} className="break-words">
                  <span className="font-medium">{failure.title}</span>: <span className="text-muted-foreground">{failure.reason}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </SettingsCard>
  );
}
