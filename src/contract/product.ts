/** The product's own name, used by every welcome text; written once so a rename is one line. */
export const PRODUCT_NAME = "Link";
