// Manager mode (issue 17): purchase orders and receiving them (item 3) (es).
export const managerPurchasing = {
  title: "Gerencia",
};
