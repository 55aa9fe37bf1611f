// Manager mode (issue 17): catalog quick edits (item 1) (es).
export const managerCatalog = {
  title: "Gerencia",
};
