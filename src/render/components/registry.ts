/**
 * The components a page may use, by JSX name, in one place.
 *
 * HTML CONTRACT for the site's CSS and JS (stable; change only with the site engineer):
 *
 *   Callouts      <aside class="q-callout q-callout-{note|info|tip|warning|check|danger|callout}"
 *                  data-callout="{kind}" role="note" aria-label="{Kind}" [style="--q-callout-color:C"]>
 *                  <svg class="q-icon q-callout-icon">…</svg><div class="q-callout-content">…</div></aside>
 *   Card          <a|div class="q-card [q-card-horizontal]" data-card [href]>[<img class="q-card-img">]
 *                  [<span class="q-card-icon">svg</span>]<span class="q-card-body"><span class="q-card-title">
 *                  <span class="q-card-content">[<span class="q-card-cta">]</span></a|div>
 *   CardGroup     <div class="q-card-group" data-cols="1..4">   Columns: <div class="q-columns" data-cols="1..4">
 *   Tabs          <div class="q-tabs" data-tabs id="tabs-N"><div class="q-tab-list" role="tablist">
 *                  <button type="button" role="tab" class="q-tab" id="tabs-N-tab-I" aria-selected="true|false"
 *                   aria-controls="tabs-N-panel-I" tabindex="0|-1">…</button>…</div>
 *                  <div role="tabpanel" class="q-tab-panel" id="tabs-N-panel-I" aria-labelledby="…" tabindex="0" [hidden]>
 *                 Without JS the first panel shows and the others are `hidden`; JS toggles `hidden`,
 *                 `aria-selected` and `tabindex` (arrow keys move between tabs).
 *   CodeGroup     same tab markup with class="q-code-group" data-code-group id="code-group-N"; each panel
 *                 holds a bare code block (copy button, no title bar). RequestExample/ResponseExample wrap it
 *                 in <div class="q-example q-{request|response}-example" data-example="{request|response}">.
 *   Code block    <div class="q-code" data-code data-lang="L"><div class="q-code-header"><span class="q-code-title">
 *                  <button type="button" class="q-code-copy" data-copy aria-label="Copy code"><span
 *                  class="q-code-copy-label">Copy</span></button></div><pre class="q-code-pre shiki" data-lang tabindex="0">
 *                  <code><span class="line [highlighted]">…tokens…</span>\n…</code></pre></div>
 *                 Token colours: each token is <span style="--shiki-light:#hex;--shiki-dark:#hex[;font-style…]">.
 *                 CSS: `.shiki span{color:var(--shiki-light)}` and in dark mode `color:var(--shiki-dark)`.
 *                 The copy button copies the text of the sibling <pre> (JS).
 *   Mermaid       <figure class="q-mermaid" data-mermaid> header as above + <pre class="q-code-pre q-mermaid-source">
 *   Math          <span|div class="q-math" data-math="inline|display">KaTeX HTML</…> (needs katex.min.css + fonts,
 *                 see katexAssetsDir() in highlight/math.ts)
 *   Accordion     <details class="q-accordion" data-accordion id [open]><summary class="q-accordion-summary">[svg]
 *                  <span class="q-accordion-title"></span>[<span class="q-accordion-description">]</summary>
 *                  <div class="q-accordion-content"></div></details>
 *   AccordionGroup <div class="q-accordion-group" data-accordion-group>
 *   Expandable    <details class="q-expandable" data-expandable><summary class="q-expandable-summary">Show …</summary>
 *                  <div class="q-expandable-content">
 *   Steps         <ol class="q-steps" data-steps><li class="q-step" data-step="N" [id]><span class="q-step-marker">N|svg
 *                  </span><div class="q-step-body"><p|h2|h3 class="q-step-title"><div class="q-step-content">
 *   ParamField    <div class="q-field q-param-field" data-param-field id="param-NAME"><div class="q-field-head">
 *                  <a class="q-field-name" href="#id"><code>NAME</code></a><span class="q-field-location|type|required|
 *                  deprecated|default"></div><div class="q-field-body">     ResponseField: q-response-field, data-response-field
 *   Frame         <figure class="q-frame" data-frame>[<p class="q-frame-hint">]<div class="q-frame-content"></div>
 *                  [<figcaption>]</figure>
 *   Tooltip       <span class="q-tooltip" data-tooltip tabindex="0" aria-describedby="tooltip-N">text
 *                  <span class="q-tooltip-content" role="tooltip" id="tooltip-N">tip[ <a class="q-tooltip-cta" href>]</span>
 *                  </span> (CSS shows the content on hover/focus)
 *   Badge         <span class="q-badge" data-badge data-color="gray|blue|…|white|surface|white-destructive|surface-destructive"
 *                  data-size="xs|sm|md|lg" data-shape="rounded|pill" [data-stroke] [data-disabled]>[svg]text</span>
 *   Icon          <span class="q-icon-wrap" data-icon-wrap [style="color:C"]><svg class="q-icon" data-icon="NAME"></span>
 *                 Every icon: <svg class="q-icon …" data-icon="lucide-name|unknown" width height viewBox aria-hidden>
 *   Update        <section class="q-update" data-update id><div class="q-update-meta"><h2 class="q-update-label">
 *                  [<p class="q-update-description">][<ul class="q-update-tags">]</div><div class="q-update-content">
 *   Tree          <ul class="q-tree" data-tree role="tree"><li class="q-tree-folder" role="treeitem" aria-expanded>
 *                  <details [open]><summary>svg<span class="q-tree-name"></summary><ul role="group">…
 *                  <li class="q-tree-file" role="treeitem">svg<span class="q-tree-name">
 *   Panel         <aside class="q-panel" data-panel>; at the top level of a page it and RequestExample/ResponseExample
 *                 go to the side column: <div class="q-side-layout" data-side-layout><div class="q-side-main">page
 *                  </div><aside class="q-side-column" aria-label="Examples">…</aside></div> (no table of contents)
 *   Card type     <a|div class="q-card q-card-typed q-callout-{type}" data-card data-type="{type}">; [<span class="q-card-arrow">]
 *   Prompt        <div class="q-prompt" data-prompt data-code>svg<div class="q-prompt-description"><div class="q-prompt-actions">
 *                  [<a class="q-prompt-action q-prompt-cursor" href="cursor://…">][<button class="q-prompt-action
 *                  q-prompt-copy" data-copy>]</div><pre class="q-prompt-text" hidden><code>prompt</code></pre></div>
 *   Visibility    for="humans": its content; for="agents": nothing (the page's Markdown version has it)
 *   Color         <div class="q-color" data-color-variant="compact|table">[<div class="q-color-row"><span
 *                  class="q-color-row-title">]<div class="q-color-items"><button class="q-color-item" data-copy
 *                  data-copy-text="C" style="--q-swatch-light:C;--q-swatch-dark:D"><span class="q-color-swatch">
 *                  <span class="q-color-name"><span class="q-color-value">
 *   Tile          <a|div class="q-tile" data-tile [href]><span class="q-tile-preview">…</span><span class="q-tile-title">
 *                  <span class="q-tile-description">
 *   GitHub.Repo   <a class="q-github-repo" data-github-repo data-variant="inset|flat" href="https://github.com/O/N">svg
 *                  <span class="q-github-body"><span class="q-github-owner">O /</span> <span class="q-github-name">N
 *                  </span></span><span class="q-github-cta"></a> (static: no request to GitHub)
 *   View          <section class="q-view" data-view="Title" [hidden]>; the page starts with <div class="q-view-select"
 *                  data-view-select><label class="q-view-label"><span>View</span><select>…</select></label></div>
 *   Update tags   <section … data-tags='["A"]'>; above the table of contents <div class="q-update-filter"
 *                  data-update-filter><label class="q-update-filter-tag"><input type="checkbox" value="A"> A</label>
 *   Tabs sync     [data-sync="false"] on .q-tabs / .q-code-group; CodeGroup dropdown: [data-dropdown]
 *   Column        <div class="q-column">   Latex: KaTeX as for $…$   Heading: <hN id [data-no-anchor]> (in the toc)
 *   Code options  <pre class="q-code-pre shiki [q-code-lines] [q-code-wrap] [has-focused] [has-diff]">, lines
 *                  <span class="line [highlighted] [focused] [diff add|diff remove] [error|warning]">; header
 *                  [svg.q-code-icon]; .q-code[data-expandable] + <button class="q-code-expand" data-code-expand hidden>
 *   Tables        <div class="q-table"><table>…     Footnotes <section class="q-footnotes" data-footnotes>
 *   Iframes       <div class="q-embed [its classes]" data-embed="https://…" [data-embed-title] [data-embed-allow]
 *                  [style="aspect-ratio…"]><button class="q-embed-load" data-embed-load hidden>…</button>
 *                  <a class="q-embed-link" href></div> (markdown/embed.ts); not https: <a class="q-embed-link" href>
 *   Visibility    for="humans": its content as is; for="agents": nothing (it goes to the page's Markdown only)
 *   Mintlify's    element classes for the site's CSS (customize/custom-scripts.mdx), right after Quire's own:
 *   classes       callout, card, card-group, columns, accordion, accordion-group, expandable, frame, tile,
 *                 update, panel, prompt, field, tooltip (`class="q-card card …"`)
 */
import { Accordion, AccordionGroup, Expandable } from './accordion.js';
import { callout } from './callout.js';
import { Card } from './card.js';
import { CardGroup, Columns } from './card-group.js';
import { CodeGroup, example } from './code-group.js';
import { ParamField, ResponseField } from './fields.js';
import { Frame } from './frame.js';
import { Badge, Icon, Tooltip } from './inline.js';
import { Panel } from './panel.js';
import { Step, Steps } from './steps.js';
import { Tab, Tabs } from './tabs.js';
import { Tree, TreeFile, TreeFolder } from './tree.js';
import type { ComponentDefinition } from './types.js';
import { Update } from './update.js';
import { CodeBlock } from './code-block.js';
import { Color, ColorItem, ColorRow } from './color.js';
import { GitHubRepo } from './github.js';
import { Prompt } from './prompt.js';
import { Tile } from './tile.js';
import { View } from './view.js';
import { Visibility } from './visibility.js';
import { Column, Heading, Latex } from './text-blocks.js';

export const COMPONENTS: Readonly<Record<string, ComponentDefinition>> = Object.freeze({
  Note: callout('note'),
  Info: callout('info'),
  Tip: callout('tip'),
  Warning: callout('warning'),
  Check: callout('check'),
  Danger: callout('danger'),
  Callout: callout('callout'),
  Card,
  CardGroup,
  Columns,
  Tabs,
  Tab,
  CodeGroup,
  Accordion,
  AccordionGroup,
  Expandable,
  Steps,
  Step,
  ParamField,
  ResponseField,
  RequestExample: example('request'),
  ResponseExample: example('response'),
  Frame,
  Tooltip,
  Badge,
  Icon,
  Update,
  Tree,
  'Tree.Folder': TreeFolder,
  'Tree.File': TreeFile,
  TreeFolder,
  TreeFile,
  FileTree: Tree,
  'FileTree.Folder': TreeFolder,
  'FileTree.File': TreeFile,
  Panel,
  Prompt,
  Visibility,
  Color,
  'Color.Row': ColorRow,
  'Color.Item': ColorItem,
  Tile,
  'GitHub.Repo': GitHubRepo,
  View,
  CodeBlock,
  Column,
  Latex,
  Heading,
});

/** The component registered under a JSX name (own entries only: `<toString>` is not one). */
export function componentFor(name: string): ComponentDefinition | undefined {
  return Object.hasOwn(COMPONENTS, name) ? COMPONENTS[name] : undefined;
}

/** Names of all registered components, for docs and tests. */
export const COMPONENT_NAMES = Object.keys(COMPONENTS);

/**
 * Next.js's `<Link href>`, which pages on Mintlify use without importing it (mem0's docs: 24
 * links on 14 pages); not in Mintlify's component list, but Mintlify builds on Next.js and
 * those pages work there. It is an anchor, checked and resolved as `<a>` is. A component of
 * the page's own named Link still wins (checked first).
 */
export const NEXT_LINK = 'Link';
