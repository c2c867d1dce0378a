/** The product's own name, used by every welcome text (spec 01 §1 "the product"). */
export const PRODUCT_NAME = "Link";
