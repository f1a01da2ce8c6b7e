/** Query keys of the staff users; a change reads everything under `all` again (the audit's choice of whom too). */
export const staffUserKeys = {
  all: ['backoffice', 'staff-users'] as const,
  pages: ['backoffice', 'staff-users', 'pages'] as const,
};
