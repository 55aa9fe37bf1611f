// Manager mode (issue 17): purchase orders and receiving them (item 3) (ca).
export const managerPurchasing = {
  title: "Gerència",
};
