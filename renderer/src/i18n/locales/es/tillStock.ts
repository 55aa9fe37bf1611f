// Las existencias en la caja: existencias en los productos y «Fijar existencias» de un encargado (es).
export const tillStock = {
  holdHint: 'Mantén pulsado, o pulsa Mayús+F10, para fijar sus existencias',
  title: 'Existencias de {{product}}',
  where: 'Tienda (almacén {{id}})',
  now: 'Ahora: {{stock}}',
  untracked: 'sin recuento en la tienda',
  quantityUnits: 'Existencias nuevas (unidades)',
  quantityKg: 'Existencias nuevas (kg)',
  hintUnits: 'Un número entero, 0 o más. Sustituye el recuento de la tienda.',
  hintKg: 'En kg, hasta 3 decimales, 0 o más. Sustituye el recuento de la tienda.',
  set: 'Fijar existencias',
  cancel: 'Cancelar',
  setting: 'Fijando…',
  offlineNote: 'El terminal está sin conexión: las existencias solo se pueden fijar con conexión.',
  problem_empty: 'Escribe las existencias nuevas.',
  problem_invalid: 'Escribe un número entero de unidades, 0 o más.',
  problem_invalidKg: 'Escribe un peso en kg con hasta 3 decimales, 0 o más.',
  'problem_too-large': 'Es más de lo que la tienda puede contar.',
  notChangedOffline: 'Sin cambios: no se llega al servidor de la tienda. Vuelve a intentarlo cuando el terminal tenga conexión.',
  notChangedUnknown:
    'El servidor de la tienda no ha contestado: puede que las existencias no se hayan fijado. En este terminal no ha cambiado nada; vuelve a fijarlas con conexión (fijarlas dos veces no hace daño).',
  notChanged: 'Sin cambios: {{reason}}',
};
