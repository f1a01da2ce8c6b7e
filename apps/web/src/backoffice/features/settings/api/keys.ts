/** The agency settings' query key; every change reads it again. */
export const settingsKeys = { all: ['backoffice', 'agency', 'settings'] as const };
