// Moved to test/e2e/pages/ (one page model per screen and dialog); kept for the specs not moved yet.
export * from '../pages/FirstStartPage';
