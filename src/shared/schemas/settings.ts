import { type Static, Type } from '@sinclair/typebox';

/** Instance settings (admins): for now whether self-registration is open. */
export const settingsSchema = Type.Object({ registrationOpen: Type.Boolean() });
export type SettingsDto = Static<typeof settingsSchema>;
