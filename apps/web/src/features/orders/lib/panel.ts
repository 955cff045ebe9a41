/** The panel slides out for 300 ms before the selected order is cleared. */
export const PANEL_CLOSE_DELAY_MS = 300;
