// Manager mode (issue 17): purchase orders and receiving them (item 3) (en).
export const managerPurchasing = {
  title: "Manager",
};
