// Manager mode (issue 17): catalog quick edits (item 1) (en).
export const managerCatalog = {
  title: "Manager",
};
