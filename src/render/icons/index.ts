/** Inline SVG icons (Lucide, with Font Awesome names mapped). */
export { renderIcon, lucideName, isIconImage, iconImage, FALLBACK_ICON, type IconOptions, type IconResult } from './render-icon.js';
export { FA_TO_LUCIDE } from './fa-names.js';
