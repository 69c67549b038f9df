'use client';
import { AccountsSection } from './accounts-section.tsx';
import { PhoneAppsSettings, RegistrationSettings, SharingSettings } from './instance-settings.tsx';
import { LoudnessSettings } from './loudness-settings.tsx';
import { RadioStationsSection } from './radio-stations-section.tsx';
import { TempSharesSection } from './temp-shares-section.tsx';

/** `/admin/settings`: sharing, registration, loudness, family accounts, temporary shares, phone apps, internet radio. */
export function SettingsView() {
  return (
    <section aria-label="Settings" className="grid gap-4 md:gap-6">
      <SharingSettings />
      <RegistrationSettings />
      <LoudnessSettings />
      <AccountsSection />
      <TempSharesSection />
      <PhoneAppsSettings />
      <RadioStationsSection />
    </section>
  );
}
