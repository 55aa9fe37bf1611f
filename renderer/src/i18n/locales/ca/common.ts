// Words shared by every screen (ca).
export const common = {
  cancel: 'Cancel·la',
  close: 'Tanca',
  save: 'Desa',
  back: 'Torna',
  retry: 'Torna-ho a provar',
  loading: 'Carregant…',
  trying: 'Provant…',
  detailsForSupport: 'Detalls per al suport',
};
