/**
 * The search engine every exported site ships (`assets/search.<hash>.js`, an ES module
 * the site script imports on the first search). It reads the shard files of
 * shard-files.ts over plain `fetch`, relative to the site, so it works from any static
 * host with no outside request.
 *
 * `createSearch(searchDirUrl, shards).search(query, limit)` resolves to results
 * `{ url, title, section, excerpt }`, best first:
 * - A query is cut into terms as the pages were (search-terms.ts). Every term also
 *   matches longer ones it begins (`conf` finds `configuration`), and a word still being
 *   typed past its stem (`deploym`) matches the stem (`deploy`); exact terms rank higher.
 * - A page must hold every term; if none does, pages holding some of them are shown,
 *   those with more first. Ranking is BM25 over every shard together.
 * - `section` is the heading (and `url` its anchor) of the part of the page with the
 *   most hits, unless that is the part before any heading; `excerpt` is about 24 words
 *   around the hits, as `[text, hit]` pairs for the page to escape and mark.
 */
import { termsSource } from './search-terms.js';

const ENGINE_JS = String.raw`
var EXCERPT_WORDS = 24;
var K1 = 1.2, B = 0.75;

function lastAtMost(list, key) {
  var lo = 0, hi = list.length - 1, found = -1;
  while (lo <= hi) {
    var mid = (lo + hi) >> 1;
    if (list[mid][0] <= key) { found = mid; lo = mid + 1; } else hi = mid - 1;
  }
  return found;
}

// How well dictionary term t stands for query word q (0: not at all).
function matchWeight(q, t) {
  if (t === q.term) return 1;
  if (q.term.length >= 2 && t.length > q.term.length && t.lastIndexOf(q.term, 0) === 0) return 0.5 + 0.4 * q.term.length / t.length;
  if (q.partial && t.length >= 4 && t.length >= q.raw.length - 4 && t.length < q.raw.length && q.raw.lastIndexOf(t, 0) === 0) return 0.8;
  return 0;
}

// Dictionary slices of a shard that may hold terms matching q.
function slicesFor(meta, q) {
  var terms = meta.terms, out = [];
  var i = Math.max(0, lastAtMost(terms, q.term));
  out.push(i);
  if (q.term.length >= 2) for (var j = i + 1; j < terms.length && terms[j][0].lastIndexOf(q.term, 0) === 0; j++) out.push(j);
  if (q.partial) for (var n = Math.max(4, q.raw.length - 4); n < q.raw.length; n++) out.push(Math.max(0, lastAtMost(terms, q.raw.slice(0, n))));
  return out;
}

// The query's terms. The word the query ends on (no space after it yet) may be still
// being typed: it is marked partial unless the stemmer already shortened it.
function queryWords(query) {
  var seen = new Map();
  eachTerm(query, function (term, start, end, raw) {
    var word = seen.get(term) || { term: term, raw: raw, partial: false };
    word.partial = end === query.length && stem(raw) === raw;
    seen.set(term, word);
  }, false);
  return Array.from(seen.values());
}

function hitRanges(text, hits) {
  var ranges = [];
  eachTerm(text, function (term, start, end) {
    if (hits.has(term) && (!ranges.length || ranges[ranges.length - 1][0] !== start)) ranges.push([start, end]);
  }, true);
  return ranges;
}

function excerpt(text, ranges) {
  var words = [], re = /\S+/g, m;
  while ((m = re.exec(text))) words.push([m.index, m.index + m[0].length, false]);
  var r = 0;
  for (var w = 0; w < words.length; w++) {
    while (r < ranges.length && ranges[r][1] <= words[w][0]) r++;
    if (r < ranges.length && ranges[r][0] < words[w][1]) words[w][2] = true;
  }
  var from = 0, best = -1, count = 0;
  for (var i = 0; i < words.length; i++) {
    if (words[i][2]) count++;
    if (i >= EXCERPT_WORDS && words[i - EXCERPT_WORDS][2]) count--;
    var start = Math.max(0, i - EXCERPT_WORDS + 1);
    if (count > best) { best = count; from = start; }
  }
  // start a little before the first hit of the window, when it does not reach the end
  var firstHit = -1;
  for (var h = from; h < Math.min(words.length, from + EXCERPT_WORDS); h++) if (words[h][2]) { firstHit = h; break; }
  if (firstHit > from + 3) from = Math.min(firstHit - 3, Math.max(0, words.length - EXCERPT_WORDS));
  var to = Math.min(words.length, from + EXCERPT_WORDS);
  var parts = [];
  if (from > 0) parts.push(['\u2026 ', false]);
  for (var k = from; k < to; k++) {
    var piece = text.slice(words[k][0], words[k][1]) + (k + 1 < to ? ' ' : '');
    var last = parts[parts.length - 1];
    if (words[k][2]) parts.push([text.slice(words[k][0], words[k][1]), true], [k + 1 < to ? ' ' : '', false]);
    else if (last && !last[1]) last[0] += piece;
    else parts.push([piece, false]);
  }
  if (to < words.length) {
    var tail = parts[parts.length - 1];
    if (tail && !tail[1]) tail[0] += ' \u2026'; else parts.push([' \u2026', false]);
  }
  return parts.filter(function (p) { return p[0] !== ''; });
}

function describe(entry, sections, hits) {
  var best = 0, bestScore = 0, ranges = [];
  for (var i = 0; i < sections.length; i++) {
    var inText = hitRanges(sections[i][2], hits);
    var score = hitRanges(sections[i][1], hits).length * 3 + inText.length;
    if (score > bestScore) { best = i; bestScore = score; ranges = inText; }
  }
  var s = sections[best] || ['', '', ''];
  if (!ranges.length) ranges = hitRanges(s[2], hits);
  return {
    url: s[0] ? entry.url + '#' + s[0] : entry.url,
    title: entry.title,
    section: s[0] ? s[1] : undefined,
    excerpt: excerpt(s[2], ranges),
  };
}

export function createSearch(base, shardCount) {
  var shards = null;
  function json(url) {
    return fetch(url).then(function (r) {
      if (!r.ok) throw new Error('search index: ' + r.status + ' for ' + url);
      return r.json();
    });
  }
  function load() {
    if (!shards) {
      var dirs = [];
      for (var s = 0; s < shardCount; s++) dirs.push(new URL(s === 0 ? './' : 'shard-' + s + '/', base).href);
      shards = Promise.all(dirs.map(function (dir) {
        return json(dir + 'index.json').then(function (meta) { return { dir: dir, meta: meta, files: new Map() }; });
      }));
      shards.catch(function () { shards = null; });
    }
    return shards;
  }
  // A shard file, fetched once (and again after a failure).
  function once(shard, file, read) {
    var memo = shard.files;
    var got = memo.get(file);
    if (!got) {
      got = json(file).then(read);
      got.catch(function () { memo.delete(file); });
      memo.set(file, got);
    }
    return got;
  }
  function slice(shard, i) {
    return once(shard, shard.dir + shard.meta.terms[i][1], function (entries) { return new Map(entries); });
  }
  function run(shard, i) {
    return once(shard, shard.dir + shard.meta.fragments[i][0], function (pages) { return pages; });
  }

  async function search(query, limit) {
    limit = limit || 10;
    var words = queryWords(String(query || ''));
    if (!words.length) return [];
    var list = await load();
    // per shard, per word: the dictionary terms it matches, with their weight and postings
    var matched = await Promise.all(list.map(async function (shard) {
      if (!shard.meta.terms.length) return words.map(function () { return []; });
      return Promise.all(words.map(async function (q) {
        var wanted = Array.from(new Set(slicesFor(shard.meta, q)));
        var maps = await Promise.all(wanted.map(function (i) { return slice(shard, i); }));
        var found = [];
        maps.forEach(function (map) {
          map.forEach(function (postings, t) {
            var w = matchWeight(q, t);
            if (w > 0) found.push({ term: t, weight: w, postings: postings });
          });
        });
        return found;
      }));
    }));
    var total = 0, length = 0, df = new Map();
    list.forEach(function (shard, s) {
      total += shard.meta.pages.length;
      shard.meta.pages.forEach(function (p) { length += p[2]; });
      // a term two query words both match counts once
      var counted = new Set();
      matched[s].forEach(function (found) {
        found.forEach(function (f) {
          if (counted.has(f.term)) return;
          counted.add(f.term);
          df.set(f.term, (df.get(f.term) || 0) + f.postings.length / 2);
        });
      });
    });
    var average = total ? length / total : 1;
    var scored = [];
    list.forEach(function (shard, s) {
      var pages = shard.meta.pages, byPage = new Map();
      matched[s].forEach(function (found, w) {
        found.forEach(function (f) {
          var n = df.get(f.term);
          var idf = Math.log(1 + (total - n + 0.5) / (n + 0.5));
          for (var i = 0; i < f.postings.length; i += 2) {
            var page = f.postings[i], tf = f.postings[i + 1];
            var norm = tf * (K1 + 1) / (tf + K1 * (1 - B + B * pages[page][2] / average));
            var score = f.weight * idf * norm;
            var row = byPage.get(page);
            if (!row) byPage.set(page, (row = { best: new Array(words.length).fill(0), terms: new Set() }));
            if (score > row.best[w]) row.best[w] = score;
            row.terms.add(f.term);
          }
        });
      });
      byPage.forEach(function (row, page) {
        var held = row.best.filter(function (x) { return x > 0; }).length;
        var sum = row.best.reduce(function (a, b) { return a + b; }, 0);
        scored.push({ shard: shard, page: page, held: held, score: sum, terms: row.terms, url: pages[page][0] });
      });
    });
    var all = scored.filter(function (r) { return r.held === words.length; });
    if (!all.length) all = scored;
    all.sort(function (a, b) { return b.held - a.held || b.score - a.score || (a.url < b.url ? -1 : a.url > b.url ? 1 : 0); });
    var top = all.slice(0, limit);
    return Promise.all(top.map(async function (r) {
      var fragments = r.shard.meta.fragments;
      var f = lastAtMost(fragments.map(function (x) { return [x[1]]; }), r.page);
      var sections = (await run(r.shard, f))[r.page - fragments[f][1]];
      var p = r.shard.meta.pages[r.page];
      return describe({ url: p[0], title: p[1] }, sections, r.terms);
    }));
  }

  return { search: search };
}
`;

let source: string | undefined;

/** The engine module's source, with the stemmer's licence notice. */
export function searchEngineSource(): string {
  if (!source) {
    const terms = termsSource();
    const notice = terms.notice.split('\n').map((line) => ` * ${line}`.trimEnd()).join('\n');
    source = `/*!\n * Quire site search. Contains the porter2 stemmer:\n${notice}\n */\n${terms.source}${ENGINE_JS.trim()}\n`;
  }
  return source;
}
