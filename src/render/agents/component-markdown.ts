/**
 * Each component's Markdown form, for the `.md` version of a page (page-markdown.ts):
 * what a reader of plain text needs from it, no markup. Callouts are blockquotes led by
 * their label, tabs, code groups and accordions headed sections, cards links, steps a
 * numbered list, fields a list of `name` (type, badges): description, a file tree a
 * nested list. Icons leave nothing; a component without an entry here gives its content.
 */
import type { BlockContent, Code, ListItem, PhrasingContent, RootContent } from 'mdast';
import { parseCodeMeta } from '../highlight/code-meta.js';
import type { JsxElement, Props } from '../components/types.js';
import { asBlocks, isPhrasing, plainText, type MarkdownApi } from './markdown-api.js';

type ToMarkdown = (el: JsxElement, md: MarkdownApi) => RootContent[];

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : typeof v === 'number' ? String(v) : undefined);
const text = (value: string): PhrasingContent => ({ type: 'text', value });
const strong = (value: string): PhrasingContent => ({ type: 'strong', children: [text(value)] });
const heading = (md: MarkdownApi, value: string): RootContent => ({ type: 'heading', depth: md.depth() as 1, children: [text(value)] });

/** Children of a JSX element of one of `names`, looking through paragraphs. */
function childElements(el: JsxElement, names: string[]): JsxElement[] {
  const out: JsxElement[] = [];
  const visit = (nodes: readonly RootContent[]) => {
    for (const c of nodes) {
      if ((c.type === 'mdxJsxFlowElement' || c.type === 'mdxJsxTextElement') && c.name && names.includes(c.name)) out.push(c);
      else if (c.type === 'paragraph') visit(c.children);
    }
  };
  visit(el.children);
  return out;
}

/** `lead` followed by the content: its first paragraph joined to the lead, the rest after. */
function led(lead: PhrasingContent[], content: RootContent[]): BlockContent[] {
  const blocks = asBlocks(content);
  const first = blocks[0];
  if (first?.type === 'paragraph') return [{ type: 'paragraph', children: [...lead, text(' '), ...first.children] }, ...blocks.slice(1)];
  return [{ type: 'paragraph', children: lead }, ...blocks];
}

function callout(label: string): ToMarkdown {
  return (el, md) => {
    const title = label === 'Callout' ? undefined : label;
    const content = md.blocks(el);
    return [{ type: 'blockquote', children: title ? led([strong(`${title}:`)], content) : asBlocks(content) }];
  };
}

/** A section per child (tab, code block): a heading with its label, then its content. */
function sections(md: MarkdownApi, items: { label: string; content: () => RootContent[] }[]): RootContent[] {
  const out: RootContent[] = [];
  for (const item of items) {
    out.push(heading(md, item.label));
    out.push(...md.section(item.content));
  }
  return out;
}

function codeSections(el: JsxElement, md: MarkdownApi, title?: string): RootContent[] {
  const codes = el.children.filter((c): c is Code => c.type === 'code');
  if (!codes.length) return md.blocks(el);
  const lead = title ? [heading(md, title)] : [];
  const inner = () => {
    if (codes.length === 1) return [md.code(codes[0])];
    return sections(md, codes.map((c, i) => ({ label: parseCodeMeta(c.meta).title ?? c.lang ?? `Example ${i + 1}`, content: () => [md.code(c)] })));
  };
  return [...lead, ...(title ? md.section(inner) : inner())];
}

function card(el: JsxElement, md: MarkdownApi): ListItem {
  const p = md.props(el);
  const title = str(p.title) ?? 'Link';
  const href = str(p.href) ? md.href(p.href) : null;
  const lead: PhrasingContent[] = [href ? { type: 'link', url: href, children: [text(title)] } : strong(title)];
  const content = md.blocks(el);
  const body = content.length && content.every(isPhrasing) ? [{ type: 'paragraph', children: content } as RootContent] : content;
  const blocks = body.length ? led([...lead, text(':')], body) : [{ type: 'paragraph', children: lead } as BlockContent];
  return { type: 'listItem', spread: false, children: blocks };
}

const cardList = (items: ListItem[]): RootContent[] => (items.length ? [{ type: 'list', ordered: false, spread: false, children: items }] : []);

function cardGroup(el: JsxElement, md: MarkdownApi): RootContent[] {
  const cards = childElements(el, ['Card']);
  if (!cards.length) return md.blocks(el);
  return cardList(cards.map((c) => card(c, md)));
}

function steps(el: JsxElement, md: MarkdownApi): RootContent[] {
  const list = childElements(el, ['Step']);
  if (!list.length) return md.blocks(el);
  const first = md.props(list[0]).stepNumber;
  const items = list.map((step): ListItem => {
    const p = md.props(step);
    const title = str(p.title);
    const content = md.section(() => md.blocks(step));
    return { type: 'listItem', spread: true, children: title ? [{ type: 'paragraph', children: [strong(title)] }, ...asBlocks(content)] : asBlocks(content) };
  });
  return [{ type: 'list', ordered: true, start: typeof first === 'number' ? first : 1, spread: true, children: items }];
}

function badges(p: Props, location?: string): string {
  const parts = [location, str(p.type) ?? (p.type !== undefined ? JSON.stringify(p.type) : undefined), p.required === true ? 'required' : undefined, p.deprecated === true ? 'deprecated' : undefined];
  if (p.default !== undefined) parts.push(`default: ${typeof p.default === 'string' ? p.default : JSON.stringify(p.default)}`);
  return parts.filter(Boolean).join(', ');
}

const LOCATIONS = ['path', 'query', 'body', 'header', 'cookie'];

function field(kind: 'param' | 'response'): ToMarkdown {
  return (el, md) => {
    const p = md.props(el);
    const location = kind === 'param' ? LOCATIONS.find((l) => typeof p[l] === 'string') : undefined;
    const name = location ? String(p[location]) : str(p.name) ?? (kind === 'param' ? 'parameter' : 'field');
    const info = badges(p, location);
    const lead: PhrasingContent[] = [{ type: 'inlineCode', value: name }, ...(info ? [text(` (${info})`)] : [])];
    const content = md.section(() => md.blocks(el));
    const children = content.length ? led([...lead, text(':')], content) : [{ type: 'paragraph', children: lead } as BlockContent];
    return [{ type: 'list', ordered: false, spread: false, data: { quireFields: true }, children: [{ type: 'listItem', spread: false, children }] }];
  };
}

function accordion(el: JsxElement, md: MarkdownApi): RootContent[] {
  const p = md.props(el);
  const description = str(p.description);
  return [heading(md, str(p.title) ?? 'Details'), ...(description ? [{ type: 'paragraph', children: [{ type: 'emphasis', children: [text(description)] }] } as RootContent] : []), ...md.section(() => md.blocks(el))];
}

function treeItems(el: JsxElement, md: MarkdownApi): ListItem[] {
  return childElements(el, ['Tree.Folder', 'Tree.File', 'TreeFolder', 'TreeFile', 'FileTree.Folder', 'FileTree.File']).map((c): ListItem => {
    const name = str(md.props(c).name);
    if (c.name === 'Tree.Folder' || c.name === 'TreeFolder' || c.name === 'FileTree.Folder') {
      const inner = treeItems(c, md);
      return { type: 'listItem', spread: false, children: [{ type: 'paragraph', children: [{ type: 'inlineCode', value: `${name ?? 'folder'}/` }] }, ...cardList(inner) as BlockContent[]] };
    }
    return { type: 'listItem', spread: false, children: [{ type: 'paragraph', children: [{ type: 'inlineCode', value: name ?? 'file' }] }] };
  });
}

export const COMPONENT_MARKDOWN: Readonly<Record<string, ToMarkdown>> = Object.freeze({
  Note: callout('Note'),
  Info: callout('Info'),
  Tip: callout('Tip'),
  Warning: callout('Warning'),
  Check: callout('Check'),
  Danger: callout('Danger'),
  Callout: callout('Callout'),
  Card: (el, md) => cardList([card(el, md)]),
  CardGroup: cardGroup,
  Columns: cardGroup,
  Tabs: (el, md) => {
    const tabs = childElements(el, ['Tab']);
    if (!tabs.length) return md.blocks(el);
    return sections(md, tabs.map((t, i) => ({ label: str(md.props(t).title) ?? `Tab ${i + 1}`, content: () => md.blocks(t) })));
  },
  Tab: (el, md) => sections(md, [{ label: str(md.props(el).title) ?? 'Tab', content: () => md.blocks(el) }]),
  CodeGroup: (el, md) => codeSections(el, md),
  RequestExample: (el, md) => codeSections(el, md, 'Request example'),
  ResponseExample: (el, md) => codeSections(el, md, 'Response example'),
  Accordion: accordion,
  AccordionGroup: (el, md) => md.blocks(el),
  Expandable: (el, md) => {
    const title = str(md.props(el).title);
    return [...(title ? [{ type: 'paragraph', children: [strong(title)] } as RootContent] : []), ...md.blocks(el)];
  },
  Steps: steps,
  Step: steps,
  ParamField: field('param'),
  ResponseField: field('response'),
  Frame: (el, md) => {
    const { caption, hint } = md.props(el);
    const note = (v: unknown): RootContent[] => (str(v) ? [{ type: 'paragraph', children: [{ type: 'emphasis', children: [text(str(v)!)] }] }] : []);
    return [...note(hint), ...md.blocks(el), ...note(caption)];
  },
  Tooltip: (el, md) => {
    const tip = str(md.props(el).tip);
    return [...md.inline(el), ...(tip ? [text(` (${tip})`)] : [])];
  },
  Badge: (el, md) => md.inline(el),
  Icon: () => [],
  Update: (el, md) => {
    const p = md.props(el);
    const tags = Array.isArray(p.tags) ? p.tags.filter((t): t is string => typeof t === 'string') : [];
    const meta = [str(p.description), tags.length ? tags.join(', ') : undefined].filter(Boolean).join(' · ');
    return [{ type: 'heading', depth: 2, children: [text(str(p.label) ?? 'Update')] }, ...(meta ? [{ type: 'paragraph', children: [{ type: 'emphasis', children: [text(meta)] }] } as RootContent] : []), ...md.section(() => md.blocks(el))];
  },
  Tree: (el, md) => cardList(treeItems(el, md)),
  FileTree: (el, md) => cardList(treeItems(el, md)),
  Panel: (el, md) => md.blocks(el),
  // The prompt is what an agent wants: its description, then the prompt itself.
  Prompt: (el, md) => {
    const description = str(md.props(el).description);
    return [...(description ? [{ type: 'paragraph', children: [strong(description)] } as RootContent] : []), ...md.blocks(el)];
  },
  Color: (el, md) => md.blocks(el),
  'Color.Row': (el, md) => md.blocks(el),
  'Color.Item': (el, md) => {
    const { name, value } = md.props(el);
    const shown = typeof value === 'string' ? value : value && typeof value === 'object' ? Object.entries(value).map(([k, v]) => `${k} ${String(v)}`).join(', ') : '';
    return [{ type: 'paragraph', children: [...(str(name) ? [strong(str(name)!), text(': ')] : []), { type: 'inlineCode', value: shown }] }];
  },
  Tile: (el, md) => cardList([card(el, md)]),
  'GitHub.Repo': (el, md) => {
    const repo = str(md.props(el).repo)?.trim().replace(/^https?:\/\/github\.com\//, '').replace(/\/+$/, '');
    return repo ? [{ type: 'paragraph', children: [{ type: 'link', url: `https://github.com/${repo}`, children: [text(repo)] }] }] : [];
  },
  View: (el, md) => sections(md, [{ label: str(md.props(el).title) ?? 'View', content: () => md.blocks(el) }]),
  CodeBlock: (el, md) => md.blocks(el),
  Column: (el, md) => md.blocks(el),
  Latex: (el, md) => md.inline(el),
  Heading: (el, md) => {
    const level = Number(md.props(el).level);
    return [{ type: 'heading', depth: (Number.isInteger(level) && level >= 1 && level <= 6 ? level : 2) as 1, children: md.inline(el) }];
  },
});

/**
 * HTML elements written in a page: links, images and line breaks keep their meaning,
 * embeds become links, scripts and styles go, any other element gives its content.
 */
export function htmlElementMarkdown(tag: string, el: JsxElement, md: MarkdownApi): RootContent[] {
  const p = md.props(el);
  switch (tag) {
    case 'script': case 'style': case 'form': case 'input': case 'button': case 'object': case 'embed': return [];
    case 'br': return [{ type: 'break' }];
    case 'hr': return [{ type: 'thematicBreak' }];
    case 'a': {
      const url = md.href(p.href);
      return url === null ? md.inline(el) : [{ type: 'link', url, children: md.inline(el) }];
    }
    case 'img': {
      const url = md.src(p.src);
      return url === null ? [] : [{ type: 'image', url, alt: str(p.alt) ?? '' }];
    }
    case 'iframe': case 'video': case 'audio': case 'source': {
      const url = md.href(p.src);
      return url ? [{ type: 'link', url, children: [text(str(p.title) ?? url)] }] : md.blocks(el);
    }
    case 'code': return [{ type: 'inlineCode', value: md.inline(el).map((n) => plainText(n)).join('') }];
    case 'strong': case 'b': return [{ type: 'strong', children: md.inline(el) }];
    case 'em': case 'i': return [{ type: 'emphasis', children: md.inline(el) }];
    default: return md.blocks(el);
  }
}
