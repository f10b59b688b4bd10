/** The product's name lives here and nowhere else (docs/product.md#overview). */
export const PRODUCT_NAME = "Roundlist";
/** Short name used in file names, e.g. the CSV export `roundlist-companies-2026-11-21.csv`. */
export const PRODUCT_SHORT_NAME = "roundlist";
