// Words shared by every screen (es).
export const common = {
  cancel: 'Cancelar',
  close: 'Cerrar',
  save: 'Guardar',
  back: 'Volver',
  retry: 'Reintentar',
  loading: 'Cargando…',
  trying: 'Intentando…',
  detailsForSupport: 'Detalles para soporte',
};
