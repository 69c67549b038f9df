'use client';
import { AccountsSection } from './accounts-section.tsx';
import { PhoneAppsSettings, RegistrationSettings, SharingSettings } from './instance-settings.tsx';
import { LoudnessSettings } from './loudness-settings.tsx';
import { TempSharesSection } from './temp-shares-section.tsx';

/** `/admin/settings`: sharing, registration, loudness, family accounts, temporary shares, phone apps. */
export function SettingsView() {
  return (
    <section aria-label="Settings" className="grid gap-4 md:gap-6">
      <SharingSettings />
      <RegistrationSettings />
      <LoudnessSettings />
      <AccountsSection />
      <TempSharesSection />
      <PhoneAppsSettings />
    </section>
  );
}
