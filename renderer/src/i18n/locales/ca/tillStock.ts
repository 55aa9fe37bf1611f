// L'estoc a la caixa: l'estoc als productes i «Fixa l'estoc» d'un encarregat (ca).
export const tillStock = {
  holdHint: 'Mantén premut, o prem Maj+F10, per fixar-ne l’estoc',
  title: 'Estoc de {{product}}',
  where: 'Botiga (magatzem {{id}})',
  now: 'Ara: {{stock}}',
  untracked: 'sense recompte a la botiga',
  quantityUnits: 'Estoc nou (unitats)',
  quantityKg: 'Estoc nou (kg)',
  hintUnits: 'Un nombre enter, 0 o més. Substitueix el recompte de la botiga.',
  hintKg: 'En kg, fins a 3 decimals, 0 o més. Substitueix el recompte de la botiga.',
  set: 'Fixa l’estoc',
  cancel: 'Cancel·la',
  setting: 'Fixant…',
  offlineNote: 'El terminal no té connexió: l’estoc només es pot fixar amb connexió.',
  problem_empty: 'Escriu l’estoc nou.',
  problem_invalid: 'Escriu un nombre enter d’unitats, 0 o més.',
  problem_invalidKg: 'Escriu un pes en kg amb fins a 3 decimals, 0 o més.',
  'problem_too-large': 'És més del que la botiga pot comptar.',
  notChangedOffline: 'Sense canvis: no s’arriba al servidor de la botiga. Torna-ho a provar quan el terminal tingui connexió.',
  notChangedUnknown:
    'El servidor de la botiga no ha respost: pot ser que l’estoc no s’hagi fixat. En aquest terminal no ha canviat res; torna’l a fixar amb connexió (fixar-lo dues vegades no fa mal).',
  notChanged: 'Sense canvis: {{reason}}',
};
