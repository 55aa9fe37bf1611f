// The main side's retail gateway (issue 15 item 2): typed calls, per-account budgets.
export * from './gateway';
export * from './limiter';
