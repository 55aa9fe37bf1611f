// Words shared by every screen (en).
export const common = {
  cancel: 'Cancel',
  close: 'Close',
  save: 'Save',
  back: 'Back',
  retry: 'Try again',
  loading: 'Loading…',
  trying: 'Trying…',
  detailsForSupport: 'Details for support',
};
