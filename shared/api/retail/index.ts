// The retail service's wire (retail-api.md; clarifications "Retail"): reads, requests, building blocks.
export * from './wire';
export * from './records';
export * from './requests';
