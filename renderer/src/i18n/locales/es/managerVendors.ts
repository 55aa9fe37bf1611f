// Manager mode (issue 17): vendors and chain sync (items 4–5) (es).
export const managerVendors = {
  title: "Gerencia",
};
