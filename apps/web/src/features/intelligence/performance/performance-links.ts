/** The performance screen's address, and its savings tab's (spec 02 §2; the tab is in the address). */
export const PERFORMANCE_PATH = '/intelligence/performance';
export const PERFORMANCE_SAVINGS_PATH = `${PERFORMANCE_PATH}?tab=savings`;
