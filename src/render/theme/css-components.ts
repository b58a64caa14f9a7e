export const COMPONENTS_CSS = '';
