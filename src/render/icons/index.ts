/** Inline SVG icons from Font Awesome (free sets), Lucide and Tabler. */
export { renderIcon, resolveIcon, isIconImage, isIconLibrary, iconImage, FALLBACK_ICON, type IconLibrary, type IconOptions, type IconRef, type IconResult } from './render-icon.js';
export { FA_TO_LUCIDE } from './fa-names.js';
