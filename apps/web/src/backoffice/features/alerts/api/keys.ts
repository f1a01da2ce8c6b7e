/** The alert settings' query key; a change reads them again. */
export const alertsKeys = { all: ['backoffice', 'alerts'] as const };
