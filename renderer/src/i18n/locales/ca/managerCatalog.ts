// Manager mode (issue 17): catalog quick edits (item 1) (ca).
export const managerCatalog = {
  title: "Gerència",
};
