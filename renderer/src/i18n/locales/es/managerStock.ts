// Manager mode (issue 17): stock counts and purchase orders (items 2–3) (es).
export const managerStock = {
  title: "Gerencia",
};
