// The till's stock: the stock on product cards and a manager's "Set stock" (en).
export const tillStock = {
  holdHint: 'Hold, or press Shift+F10, to set its stock',
  title: 'Set the stock of {{product}}',
  where: 'Shop floor (warehouse {{id}})',
  now: 'Now: {{stock}}',
  untracked: 'not counted on the shop floor',
  quantityUnits: 'New stock (units)',
  quantityKg: 'New stock (kg)',
  hintUnits: 'A whole number, 0 or more. It replaces the count the shop has.',
  hintKg: 'In kg, up to 3 decimals, 0 or more. It replaces the count the shop has.',
  set: 'Set stock',
  cancel: 'Cancel',
  setting: 'Setting…',
  offlineNote: 'The terminal is offline: a stock can only be set online.',
  problem_empty: 'Type the new stock.',
  problem_invalid: 'Type a whole number of units, 0 or more.',
  problem_invalidKg: 'Type a weight in kg with up to 3 decimals, 0 or more.',
  'problem_too-large': 'That is more than the shop can count.',
  notChangedOffline: 'Not changed: the shop’s server cannot be reached. Try again once the terminal is online.',
  notChangedUnknown:
    'No answer from the shop’s server: the stock may not be set. Nothing changed on this terminal; set it again once online (setting it twice is safe).',
  notChanged: 'Not changed: {{reason}}',
};
