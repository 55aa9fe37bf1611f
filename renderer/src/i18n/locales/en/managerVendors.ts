// Manager mode (issue 17): vendors and chain sync (items 4–5) (en).
export const managerVendors = {
  title: "Manager",
};
