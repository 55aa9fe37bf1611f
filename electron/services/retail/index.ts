// The main side's retail gateway: typed calls, per-account budgets.
export * from './gateway';
export * from './limiter';
