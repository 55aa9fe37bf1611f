// Manager mode (issue 17): vendors and chain sync (items 4–5) (ca).
export const managerVendors = {
  title: "Gerència",
};
